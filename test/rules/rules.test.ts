// The rules file on real files (set, exclude, remove, reset, a damaged file failing closed),
// the verdict for an app, the `local` rule's reading of an address, and exclusions matched
// against a tree.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { isLocalDestination, isLoopbackUrl } from '../../contract/destination.js';
import { judgeApp } from '../../app/rules/gate.js';
import { matchExclusions } from '../../app/rules/match.js';
import { describeExclusion } from '../../app/rules/schema.js';
import { createRulesStore, RulesDamagedError } from '../../app/rules/store.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'glance-rules-'));
});
afterEach(async () => rm(home, { recursive: true, force: true }));

describe('the rules file', () => {
  it('starts empty, and keeps rules and exclusions in the shape `glance rules --json` prints', async () => {
    const store = createRulesStore(home);
    expect(await store.load()).toEqual({ ok: true, rules: [] });
    await store.set('org.example.Notes', 'never');
    expect(await store.exclude('com.example.Mail', { role: 'Row', subrole: 'comment' })).toEqual({ added: true });
    expect(await store.exclude('com.example.Mail', { role: 'Row', subrole: 'comment' })).toEqual({ added: false });
    await store.exclude('com.example.Mail', { subrole: 'signature' });
    await store.set('com.example.Mail', 'local');
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual({
      version: 1,
      rules: [
        { bundleId: 'com.example.Mail', rule: 'local', exclusions: [{ role: 'Row', subrole: 'comment' }, { subrole: 'signature' }] },
        { bundleId: 'org.example.Notes', rule: 'never', exclusions: [] },
      ],
    });
    expect(await store.unexclude('com.example.Mail', { subrole: 'signature' })).toEqual({ removed: true });
    expect(await store.remove('org.example.Notes')).toEqual({ removed: true });
    expect(await store.remove('org.example.Notes')).toEqual({ removed: false });
    expect(await store.reset()).toEqual({ removed: 1 });
    expect(await store.load()).toEqual({ ok: true, rules: [] });
  });

  it.each([
    ['not JSON', '{"version": 1, "rules": [', /not valid JSON/],
    ['an unknown rule', JSON.stringify({ version: 1, rules: [{ bundleId: 'a', rule: 'sometimes', exclusions: [] }] }), /rules\.0\.rule/],
    ['an empty exclusion', JSON.stringify({ version: 1, rules: [{ bundleId: 'a', rule: 'allow', exclusions: [{}] }] }), /a role, a subrole or both/],
    ['two rules for one app', JSON.stringify({ version: 1, rules: [{ bundleId: 'a', rule: 'allow', exclusions: [] }, { bundleId: 'a', rule: 'never', exclusions: [] }] }), /same bundle id/],
    ['a newer version', JSON.stringify({ version: 2, rules: [] }), /version/],
  ])('fails closed on %s: the bytes stay, every app is refused, changes are refused, the notice says how to recover', async (_name, text, why) => {
    const store = createRulesStore(home);
    await writeFile(store.path, text);
    const state = await store.load();
    expect(state.ok).toBe(false);
    if (state.ok) return;
    expect(state.notice).toMatch(why);
    expect(state.notice).toContain('glance rules reset');
    expect(judgeApp(state, 'anything', { kind: 'show' })).toEqual({ ok: false, rule: 'damaged', reason: state.notice });
    await expect(store.set('a', 'allow')).rejects.toThrow(RulesDamagedError);
    expect(await readFile(store.path, 'utf8')).toBe(text);
  });

  it('fails closed on a file it cannot read', async () => {
    const store = createRulesStore(home);
    await mkdir(store.path); // a folder where the file should be: not a file to read
    const state = await store.load();
    expect(state).toEqual({ ok: false, notice: expect.stringContaining('is damaged (it cannot be read: not a regular file)') });
  });

  it('reset keeps a damaged file aside, byte for byte, and starts over', async () => {
    const store = createRulesStore(home, () => new Date('2026-12-01T09:30:00.000Z'));
    await writeFile(store.path, '{"version":1,"rules":[{"bundleId":"org.example.Notes","rule":"never"');
    const { asidePath } = await store.reset();
    expect(asidePath).toMatch(/rules\.damaged-2026-12-01T09-30-00-000Z-[0-9a-f]{4}\.json$/);
    expect(await readFile(asidePath as string, 'utf8')).toBe('{"version":1,"rules":[{"bundleId":"org.example.Notes","rule":"never"');
    expect(await store.load()).toEqual({ ok: true, rules: [] });
    expect((await readdir(home)).sort()).toEqual([basename(asidePath as string), 'rules.json']);
  });
});

describe('the verdict for an app', () => {
  const state = { ok: true as const, rules: [
    { bundleId: 'org.example.Notes', rule: 'never' as const, exclusions: [] },
    { bundleId: 'com.example.Mail', rule: 'local' as const, exclusions: [{ role: 'Row' as const }] },
  ] };
  it('allows an app without a rule, refuses `never` for anything, and `local` only away from this machine', () => {
    expect(judgeApp(state, 'org.other', { kind: 'model', backend: 'anthropic' })).toEqual({ ok: true, rule: 'allow', exclusions: [] });
    expect(judgeApp(state, 'org.example.Notes', { kind: 'show' })).toMatchObject({ ok: false, rule: 'never', reason: expect.stringContaining('"never"') });
    expect(judgeApp(state, 'com.example.Mail', { kind: 'show' })).toEqual({ ok: true, rule: 'local', exclusions: [{ role: 'Row' }] });
    expect(judgeApp(state, 'com.example.Mail', { kind: 'model', backend: 'offline' })).toMatchObject({ ok: true });
    expect(judgeApp(state, 'com.example.Mail', { kind: 'model', backend: 'openai', baseURL: 'http://127.0.0.1:11434/v1' })).toMatchObject({ ok: true });
    expect(judgeApp(state, 'com.example.Mail', { kind: 'model', backend: 'openai' })).toMatchObject({
      ok: false, rule: 'local', reason: expect.stringContaining('and OpenAI (https://api.openai.com) is not one'),
    });
  });

  it('reads an address as written, never resolving a name', () => {
    for (const url of ['http://127.0.0.1:11434/v1', 'http://127.8.9.10/', 'http://127.1:80', 'http://localhost:1234/v1', 'http://[::1]:8080/v1', 'https://[0:0:0:0:0:0:0:1]/']) expect(isLoopbackUrl(url)).toBe(true);
    for (const url of ['http://model.example.test:11434/v1', 'http://localhost.:1/', 'http://a.localhost/', 'http://10.0.0.2/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0:11434/', 'not a url']) expect(isLoopbackUrl(url)).toBe(false);
    expect(isLocalDestination({ kind: 'model', backend: 'anthropic', baseURL: 'http://localhost:9/' })).toBe(true);
  });
});

describe('standing exclusions', () => {
  const root: Element = {
    id: 'app', role: 'Application', children: [
      { id: 'doc', role: 'Document', children: [
        { id: 'c1', role: 'Row', subrole: 'comment', children: [{ id: 'c1-reply', role: 'Row', subrole: 'comment' }] },
        { id: 'r1', role: 'Row', subrole: 'task' },
        { id: 's1', role: 'Text', subrole: 'comment' },
      ] },
    ],
  };
  it('match by role, by subrole, or by both, nested ones included, named by the first exclusion that matches', () => {
    expect(matchExclusions(root, [{ role: 'Row', subrole: 'comment' }])).toEqual([
      { id: 'c1', rule: 'every Row with subrole "comment"' }, { id: 'c1-reply', rule: 'every Row with subrole "comment"' },
    ]);
    expect(matchExclusions(root, [{ subrole: 'comment' }]).map((m) => m.id)).toEqual(['c1', 'c1-reply', 's1']);
    expect(matchExclusions(root, [{ role: 'Row' }, { subrole: 'comment' }])).toEqual([
      { id: 'c1', rule: 'every Row' }, { id: 'c1-reply', rule: 'every Row' }, { id: 'r1', rule: 'every Row' }, { id: 's1', rule: 'every element with subrole "comment"' },
    ]);
    expect(matchExclusions(root, [])).toEqual([]);
    expect(describeExclusion({ role: 'Image' })).toBe('every Image');
  });
});
