// The panel's rule actions, Rules list and History over the real privacy service on a real data
// folder (main/flow/privacy-panel.ts), with the real controller holding a collected context.
// The collect function is injected, as in controller.test.ts; the files are real.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openGlanceHome } from '../../app/home/folder.js';
import { silentLogger } from '../../app/log/logger.js';
import type { FrontApp } from '../../app/os/types.js';
import type { Element } from '@app-context/provider-kit/protocol';
import { createPrivacyService, type PrivacyService } from '../../app/privacy/service.js';
import { DEFAULT_SETTINGS } from '../../contract/settings.js';
import { createController, type Controller } from '../../main/flow/controller.js';
import { createPrivacyPanel, type PrivacyPanel } from '../../main/flow/privacy-panel.js';
import { createStateHub, type StateHub } from '../../main/flow/state-hub.js';
import { unreachableSource } from '../helpers/sources.js';
import { ruleNoteWords, rulesProblemWords, rulesResetWords } from '../../renderer/src/words/rules.js';
import { noticeWords } from '../../renderer/src/words/notices.js';

const notes: FrontApp = { pid: 4242, bundleId: 'com.example.notes', name: 'Notes' };
const provider = { protocol: '0.2.0', bundleId: 'com.example.notes', name: 'Notes', version: '1', pid: 4242, instance: 'i1', endpoint: 'http://127.0.0.1:1/mcp' };
const root: Element = {
  id: 'app', role: 'Application', title: 'Notes', children: [
    { id: 'c1', role: 'Row', subrole: 'comment', title: 'one' },
    { id: 'c2', role: 'Row', subrole: 'comment', title: 'two' },
    { id: 'r1', role: 'Row', title: 'plain' },
  ],
};

let home: string;
let privacy: PrivacyService;
let hub: StateHub;
let controller: Controller;
let panel: PrivacyPanel;
let notified: string[];
/** The press on screen, as the handlers find it (main/ipc/handlers.ts). */
const must = <T>(press: T | undefined): T => {
  if (press === undefined) throw new Error('no press on screen');
  return press;
};
beforeEach(async () => {
  home = (await openGlanceHome(await mkdtemp(join(tmpdir(), 'glance-privacy-panel-')))).path;
  privacy = createPrivacyService({ home, settings: () => DEFAULT_SETTINGS });
  hub = createStateHub();
  controller = createController({
    os: { frontApp: async () => ({ ok: true, app: notes }) },
    collect: async () => ({ kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root }, warnings: [], ignored: [], source: unreachableSource, screening: { rule: 'allow', excludedByRule: [], withheld: [] } }),
    timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined,
  });
  notified = [];
  panel = createPrivacyPanel({ privacy, historyDays: () => 30, logger: silentLogger, notify: (notice) => notified.push(noticeWords(notice)) });
  await controller.onHotkey();
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("the panel's privacy actions", () => {
  it('"Always leave out" writes a standing exclusion by role and subrole, and screens the shown context at once', async () => {
    const done = await panel.excludeAlways(must(controller.invocation(1)), 'c1');
    expect(done).toEqual({ ok: true, app: 'Notes', exclusion: { role: 'Row', subrole: 'comment' } });
    expect(ruleNoteWords(done)).toBe('Glance will always leave out every Row with subrole "comment" from Notes. Settings › Rules undoes it.');
    expect(controller.current()?.view()?.screening?.excludedByRule.map((m) => m.id)).toEqual(['c1', 'c2']);
    expect(controller.invocation(1)?.collected()?.screening?.excludedByRule).toHaveLength(2);
    const file = JSON.parse(await readFile(join(home, 'rules.json'), 'utf8')) as unknown;
    expect(file).toEqual({ version: 1, rules: [{ bundleId: 'com.example.notes', rule: 'allow', exclusions: [{ role: 'Row', subrole: 'comment' }] }] });
    expect((await stat(join(home, 'rules.json'))).mode & 0o777).toBe(0o600);
    // Stopping it in Settings: the list shows none, and the next press collects the comments again.
    const view = await panel.removeExclusion('com.example.notes', { role: 'Row', subrole: 'comment' });
    expect(view.rules[0]?.exclusions).toEqual([]);
  });

  it('"Never from this app" drops the collected context and says so; "local" is shown on the context', async () => {
    expect(await panel.setAppRule(must(controller.invocation(1)), 'local')).toMatchObject({ ok: true });
    expect(controller.current()?.view()?.screening?.rule).toBe('local');
    const never = await panel.setAppRule(must(controller.invocation(1)), 'never');
    expect(never).toEqual({ ok: true, app: 'Notes', rule: 'never' });
    expect(ruleNoteWords(never)).toBe('Glance will never read context from Notes. What it collected just now is not sent.');
    expect(controller.invocation(1)?.collected()).toBeUndefined();
    expect(controller.current()?.view()).toMatchObject({ phase: 'failed', failure: 'ruled-out', ruledOutBy: 'never', root: null });
    expect((await panel.rules()).rules).toEqual([{ bundleId: 'com.example.notes', rule: 'never', exclusions: [] }]);
    // The Rules list can name the app: the rule was made from its collected context.
    expect((await panel.rules()).known).toEqual([{ bundleId: 'com.example.notes', name: 'Notes' }]);
    // A stale invocation is refused in words, not acted on.
    expect(ruleNoteWords(await panel.setAppRule(must(controller.invocation(1)), 'allow'))).toBe('This context is no longer current: press the hotkey again.');
  });

  it('a damaged rules file is shown as the notice, changes are refused with what to do, and its bytes stay as they were', async () => {
    await writeFile(join(home, 'rules.json'), '{"version":1,"rules":[', { mode: 0o600 });
    const view = await panel.rules();
    expect(view.rules).toEqual([]);
    expect(view.notice).toContain('is damaged (it is not valid JSON)');
    const refused = await panel.setRule('com.example.notes', 'never');
    expect(refused.problem && rulesProblemWords(refused.problem)).toBe('The rules file is damaged, so it was not changed. Fix it, or run `glance rules reset`.');
    expect(ruleNoteWords(await panel.setAppRule(must(controller.invocation(1)), 'never'))).toBe('The rules file is damaged, so the rule was not saved. Open Settings to see what to do.');
    expect(await readFile(join(home, 'rules.json'), 'utf8')).toBe('{"version":1,"rules":[');

    // Reset from the panel: the rules start over, the damaged bytes are kept beside them, and the banner says where.
    const reset = await panel.resetRules();
    const resetWords = rulesResetWords(reset.done?.asidePath);
    expect(reset).toMatchObject({ rules: [], done: { reset: true } });
    expect(resetWords).toContain('The damaged rules file is kept as');
    expect(reset.notice).toBeUndefined();
    expect(notified).toEqual([resetWords]);
    const aside = (await readdir(home)).filter((name) => name.startsWith('rules.damaged'));
    expect(aside).toHaveLength(1);
    expect(resetWords).toContain(join(home, aside[0] as string));
    expect(await readFile(join(home, aside[0] as string), 'utf8')).toBe('{"version":1,"rules":[');
    // A reset of readable rules empties them and leaves nothing aside.
    await panel.setRule('com.example.notes', 'never');
    const again = await panel.resetRules();
    expect(again).toMatchObject({ rules: [] });
    expect(rulesResetWords(again.done?.asidePath)).toBe('The rules start over.');
    expect(notified).toHaveLength(1);
  });

  it('lists receipts newest first, deletes one, then all', async () => {
    const receipt = (id: string, at: string) => ({ id, at, app: { bundleId: 'com.example.notes', name: 'Notes', pid: 4242 }, backend: 'offline', model: null, endpoint: 'offline', sentIds: ['app'], excludedIds: [], withheld: [], bytes: 10, sha256: 'b'.repeat(64) });
    const now = Date.now();
    await privacy.history.append(receipt('00000000000000a1', new Date(now - 60_000).toISOString()));
    await privacy.history.append(receipt('00000000000000a2', new Date(now).toISOString()));
    const view = await panel.history();
    expect(view.receipts.map((r) => r.id)).toEqual(['00000000000000a2', '00000000000000a1']);
    // A receipt names its app: the Rules list knows it (for a name, and to offer a rule) with no rule made yet.
    expect(await panel.rules()).toEqual({ rules: [], known: [{ bundleId: 'com.example.notes', name: 'Notes' }] });
    expect(view).toMatchObject({ kept: [], notices: [], days: 30 });
    // No payload was kept (and this service has no cipher to keep one).
    expect(await panel.payload('00000000000000a2')).toBeNull();
    expect((await panel.deleteReceipt('00000000000000a2')).receipts.map((r) => r.id)).toEqual(['00000000000000a1']);
    expect((await panel.clearHistory()).receipts).toEqual([]);
  });

  it("gives History each app's icon by bundle id, asked once per app, and Copy puts that receipt's whole digest on the clipboard", async () => {
    const receipt = (id: string, bundleId: string, sha: string) => ({ id, at: new Date().toISOString(), app: { bundleId, name: bundleId, pid: 4242 }, backend: 'offline', model: null, endpoint: 'offline', sentIds: ['app'], excludedIds: [], withheld: [], bytes: 10, sha256: sha.repeat(64) });
    await privacy.history.append(receipt('00000000000000b1', 'com.example.notes', 'c'));
    await privacy.history.append(receipt('00000000000000b2', 'com.example.notes', 'd'));
    await privacy.history.append(receipt('00000000000000b3', 'org.example.none', 'e'));
    const asked: string[] = [];
    const copied: string[] = [];
    const withIcons = createPrivacyPanel({
      privacy, historyDays: () => 30, logger: silentLogger, notify: () => undefined,
      appIcon: async (bundleId) => { asked.push(bundleId); return bundleId === 'com.example.notes' ? 'data:image/png;base64,AA==' : undefined; },
      clipboard: { writeText: (text) => { copied.push(text); } },
    });
    const view = await withIcons.history();
    expect(view.icons).toEqual({ 'com.example.notes': 'data:image/png;base64,AA==' });
    expect(asked.sort()).toEqual(['com.example.notes', 'org.example.none']);
    expect(await withIcons.copyDigest('00000000000000b2')).toBe(true);
    expect(copied).toEqual(['d'.repeat(64)]);
    // A receipt that is gone copies nothing; without icons every app gets the glyph.
    expect(await withIcons.copyDigest('00000000000000ff')).toBe(false);
    expect(copied).toHaveLength(1);
    expect((await panel.history()).icons).toEqual({});
  });

  it('opens History without an icon that does not come (a lookup that never settles): that app gets the glyph, the others their icons', async () => {
    const receipt = (id: string, bundleId: string) => ({ id, at: new Date().toISOString(), app: { bundleId, name: bundleId, pid: 4242 }, backend: 'offline', model: null, endpoint: 'offline', sentIds: ['app'], excludedIds: [], withheld: [], bytes: 10, sha256: 'f'.repeat(64) });
    await privacy.history.append(receipt('00000000000000c1', 'com.example.notes'));
    await privacy.history.append(receipt('00000000000000c2', 'org.example.stuck'));
    let stuck = 0;
    const withIcons = createPrivacyPanel({
      privacy, historyDays: () => 30, logger: silentLogger, notify: () => undefined,
      appIcon: (bundleId) => {
        if (bundleId !== 'org.example.stuck') return Promise.resolve('data:image/png;base64,AA==');
        stuck += 1;
        return new Promise<never>(() => undefined);
      },
    });
    const view = await withIcons.history();
    expect(stuck).toBe(1);
    expect(view.receipts).toHaveLength(2);
    expect(view.icons).toEqual({ 'com.example.notes': 'data:image/png;base64,AA==' });
  });
});
