// Audit finding 1: values nested 20,000 levels deep inside one element (an attribute value,
// a content block's `_meta`), sent as raw JSON text by a real provider process over a real
// socket. Before the fix the reader kept them by reference, and `glance current --json`,
// `glance ask` and the app's IPC serialisation overflowed the stack. Now the reader drops
// such a value with a warning naming the element and the field, and everything downstream
// stays within the depth the reader allows.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextParts, buildAgentPayload } from '../../app/agent/prompt.js';
import { silentLogger } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import { MAX_VALUE_DEPTH } from '@app-context/provider-kit/protocol';
import { collectContext } from '../../app/invocation/collect.js';
import { applyRemovals } from '../../contract/review.js';
import { createController } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import type { PanelState } from '../../contract/ipc.js';
import { anthropicStream, openaiStream, startFakeServer } from '../agent/fake-model-server.js';
import { runGlance } from '../helpers/cli.js';
import { panelMirror } from '../helpers/press-views.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { expectNoSecrets, guardProcess, report, SECRET, timed } from './helpers.js';

const LEVELS = 20_000;
const os = createOs();
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let home: string;
let env: NodeJS.ProcessEnv;
let provider: TestProvider;

guardProcess();

/** `[[[…"SECRET"…]]]`, `levels` arrays deep, as text (JSON.stringify of it would overflow). */
function deepArray(levels: number): string {
  return `${'['.repeat(levels)}"${SECRET}"${']'.repeat(levels)}`;
}

/** `{"a":{"a":…{}…}}`, `levels` objects deep. */
function deepObject(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{"s":"${SECRET}"}${'}'.repeat(levels - 1)}`;
}

/**
 * The tree: `deep-attr` carries a 20,000-deep attribute beside a plain one, `deep-meta` a text
 * block with a 20,000-deep `_meta` beside a plain block, `deep-res` an embedded resource whose
 * own `_meta` is 20,000 deep. The selection is the deep-attr element, so the agent gets it.
 */
function tree(): string {
  const attr = `{"id":"deep-attr","role":"Text","selected":true,"content":[{"type":"text","text":"kept text"}],"attributes":{"deep":${deepArray(LEVELS)},"plain":"kept"}}`;
  const meta = `{"id":"deep-meta","role":"Text","content":[{"type":"text","text":"x","_meta":${deepObject(LEVELS)}},{"type":"text","text":"kept block"}]}`;
  const res = `{"id":"deep-res","role":"Text","content":[{"type":"resource","resource":{"uri":"file:///r","text":"t","_meta":${deepObject(LEVELS)}}}]}`;
  return `{"id":"app","role":"Application","title":"Deep","children":[{"id":"doc-1","role":"Document","focused":true,"children":[${attr},${meta},${res}]}]}`;
}

beforeAll(async () => {
  folder = await makeProvidersDir();
  home = await mkdtemp(join(tmpdir(), 'glance-home-'));
  env = { ...folder.env, GLANCE_HOME: home, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' };
  const treeFile = join(folder.dir, '..', 'deep-tree.json');
  const text = tree();
  expect(text.length).toBeLessThan(300_000); // 40 to 100 KB per deep value: small answers
  await writeFile(treeFile, text);
  provider = await startTestProvider(folder.dir, { TP_TREE_FILE: treeFile, TP_NAME: 'Deep' });
});
afterAll(async () => {
  await provider.process.stop();
  await folder.cleanup();
  await rm(home, { recursive: true, force: true });
});

const DROPPED_ATTR = new RegExp(`an attributes value nested deeper than ${MAX_VALUE_DEPTH} levels was dropped \\(deep-attr\\)`);
const DROPPED_BLOCK = new RegExp(`2 times: a content block nested deeper than ${MAX_VALUE_DEPTH} levels was dropped \\(deep-meta, deep-res\\)`);

describe('a value nested 20,000 levels deep, from a real provider', () => {
  it('glance current --json exits 0, drops it with a warning naming the element and the field', async () => {
    const { value: run, ms } = await timed(() => runGlance(['current', '--pid', String(provider.pid), '--json'], env));
    report('deep values', 'glance current --json, 20,000-deep attribute and _meta', `exit ${run.code}`, ms);
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { answer: { root: { children: [{ children: Record<string, unknown>[] }] } }; warnings: string[] };
    const [attr, meta, res] = out.answer.root.children[0].children;
    expect(attr?.['attributes']).toEqual({ plain: 'kept' });
    expect(attr?.['content']).toEqual([{ type: 'text', text: 'kept text' }]);
    expect(meta?.['content']).toEqual([{ type: 'text', text: 'kept block' }]);
    expect(res?.['content']).toEqual([]);
    expect(out.warnings.some((w) => DROPPED_ATTR.test(w)), out.warnings.join('\n')).toBe(true);
    expect(out.warnings.some((w) => DROPPED_BLOCK.test(w)), out.warnings.join('\n')).toBe(true);
    expectNoSecrets([SECRET, provider.descriptor.token], [run.stdout, run.stderr]);
  });

  it('glance current (for a person) exits 0 and prints the warnings', async () => {
    const run = await runGlance(['current', '--pid', String(provider.pid)], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(DROPPED_ATTR);
    expectNoSecrets([SECRET, provider.descriptor.token], [run.stdout, run.stderr]);
  });

  it('glance ask with the offline backend exits 0, in both outputs', async () => {
    const json = await runGlance(['ask', 'what is this?', '--pid', String(provider.pid), '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]?.type).toBe('context');
    expect(lines.at(-1)).toEqual({ type: 'done' });
    const human = await runGlance(['ask', 'what is this?', '--pid', String(provider.pid)], env);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/Selected: “kept text”/);
    expectNoSecrets([SECRET, provider.descriptor.token], [json.stdout, json.stderr, human.stdout, human.stderr]);
  });

  it('glance ask with a model backend (OpenAI format, local server) exits 0 and sends the tree without the deep values', async () => {
    const server = await startFakeServer([{ sse: openaiStream(['It is ', 'a text.']) }, { sse: openaiStream(['Again.']) }]);
    try {
      for (const [extra, answer] of [[['--json'], 'a text.'], [[], 'Again.']] as const) {
        const run = await runGlance(['ask', 'what is this?', '--pid', String(provider.pid), '--backend', 'openai', '--base-url', `${server.url}/v1`, ...extra], env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(answer);
      }
      expect(server.received).toHaveLength(2);
      const sent = JSON.stringify(server.received[0]?.body);
      expect(sent).toContain('kept text');
      expect(sent).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });

  it('glance ask with a model backend (Anthropic format, local server) exits 0', async () => {
    const server = await startFakeServer([{ sse: anthropicStream(['Fine.']) }]);
    try {
      const run = await runGlance(['ask', 'what is this?', '--pid', String(provider.pid), '--backend', 'anthropic', '--base-url', server.url, '--json'], { ...env, ANTHROPIC_API_KEY: 'sk-ant-test-key' });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.stringify(server.received[0]?.body)).toContain('kept text');
    } finally {
      await server.close();
    }
  });

  it('a model whose tool arguments nest 20,000 deep gets a refusal, and the conversation goes on (exit 0)', async () => {
    const deepIds = `{"ids":${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}}`;
    const server = await startFakeServer([
      { sse: openaiStream([], [{ id: 'call_1', name: 'highlight', argPieces: [deepIds] }]) },
      { sse: openaiStream(['Sorry.']) },
    ]);
    try {
      const run = await runGlance(['ask', 'what is this?', '--pid', String(provider.pid), '--backend', 'openai', '--base-url', `${server.url}/v1`, '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(server.received).toHaveLength(2);
      const messages = (server.received[1]?.body['messages'] ?? []) as { role: string; content?: unknown }[];
      expect(messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringMatching(/"error"/) });
    } finally {
      await server.close();
    }
  });

  it('glance check-provider judges the answer instead of overflowing: exit 7, the skipped checks say why', async () => {
    const run = await runGlance(['check-provider', '--pid', String(provider.pid), '--json'], env);
    expect(run.code, run.stderr).toBe(7);
    const checks = (JSON.parse(run.stdout) as { checks: { name: string; ok: boolean; detail?: string }[] }).checks;
    const named = (name: string) => checks.find((c) => c.name === name);
    expect(named('current-answer')?.ok).toBe(true);
    expect(named('current-tree')?.detail).toMatch(DROPPED_ATTR);
    expect(named('current-text-block')?.detail).toMatch(/not checked: the answer nests more than \d+ levels deep/);
    expectNoSecrets([SECRET, provider.descriptor.token], [run.stdout, run.stderr]);
  });

  it('what the controller publishes to the panel, and the preview, survive v8.serialize as Electron IPC uses it', async () => {
    const hub = createStateHub();
    const published: PanelState[] = [];
    panelMirror(hub, (state) => published.push(state));
    const controller = createController({
      os: { frontApp: async () => ({ ok: true, app: { pid: provider.pid, name: 'Deep' } }) },
      collect: (app, options) => collectContext(app, { os, env: folder.env, logger: silentLogger }, options),
      timeoutMs: () => 3000, ownPid: process.pid, hub, logger: silentLogger, showPanel: () => undefined,
    });
    await controller.onHotkey();
    const last = published.at(-1);
    expect(last?.invocation?.phase).toBe('collected');
    for (const state of published) expect(() => serialize(state)).not.toThrow();
    const collected = controller.invocation(last?.invocation?.id ?? -1)?.collected();
    const root = applyRemovals(collected?.root ?? { id: 'x', role: 'Group' }, new Set(['deep-meta']));
    const payload = buildAgentPayload({ appName: 'Deep', root }, 'what is this?', contextParts({ appName: 'Deep', root }));
    expect(() => serialize(payload)).not.toThrow();
    expect(last?.invocation?.adjusted?.some((d) => DROPPED_ATTR.test(d))).toBe(true);
  });
});
