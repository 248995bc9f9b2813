// Secrets wherever they sit (docs/reliability.md, the second outside audit, findings 1, 6 and 7) under the panel: main's services as the app builds them
// (createMainServices over test ports, test/e2e/harness/test-main.ts), a real provider serving
// the tree of test/privacy/secret-tree.ts, a second real provider whose descriptor that tree
// shows, and a recording OpenAI-compatible model server on loopback. What the panel is given,
// the exact bytes the model server received, main's log and every file under the data folder
// (receipts and the kept payload, decoded) are searched for each secret.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openGlanceHome } from '../../app/home/folder.js';
import { createOs } from '../../app/os/index.js';
import { eventContract, type AnswerState } from '../../contract/ipc.js';
import { listIds } from '../../contract/review.js';
import { openaiStream, startFakeServer, type FakeServer } from '../agent/fake-model-server.js';
import { createTestMain, type TestMain } from '../e2e/harness/test-main.js';
import { asRendered, FORM_ELEMENTS, KEY, PLACES, secretsOf, useSecretProviders } from '../privacy/secret-tree.js';
import { NOT_SECRETS } from '../withhold/fake-secrets.js';

const world = useSecretProviders();
let model: FakeServer;
let app: TestMain;
let home: string;

beforeEach(async () => {
  model = await startFakeServer([{ sse: openaiStream(['Answered.']) }]);
  home = (await openGlanceHome(join(world.dir.home, '..', `home-${Math.random().toString(16).slice(2)}`))).path;
  app = await createTestMain({ os: createOs(), env: { ...world.dir.env, GLANCE_HOME: home }, dataDir: home });
  // Keep what was sent: the payload is kept too (testSafeStorage marks and base64-encodes it).
  const saved = await app.handlers.saveSettings({ backend: 'openai', baseURL: `${model.url}/v1`, keepPayloads: true });
  expect(saved.problems).toEqual([]);
  return async () => {
    await app.close();
    await model.close();
  };
});

/** Presses the hotkey over the editor and waits for what the panel is given. */
async function collect(): Promise<number> {
  app.pressHotkey({ pid: world.editor.pid, name: 'Code Editor' });
  await expect.poll(() => app.panelState().invocation?.phase, { timeout: 15_000 }).toBe('collected');
  return app.panelState().invocation?.id as number;
}
/** Sends a question as the panel does, and waits for its answer. */
async function send(invocation: number, allowedIds: string[] = []): Promise<void> {
  const answers: (AnswerState | null)[] = [];
  const stop = app.onAnswer((answer) => answers.push(answer));
  expect(await app.handlers.send({ invocation, prompt: 'What is this?', removedIds: [], allowedIds })).toMatchObject({ ok: true });
  await expect.poll(() => answers.at(-1)?.turns.at(-1)?.status, { timeout: 15_000 }).toBe('done');
  stop();
  // The answer is kept beside the payload once the turn is done (the payload is kept here): wait for it, so the files read after are whole.
  await expect.poll(async () => (await readFile(join(home, 'history.jsonl'), 'utf8')).includes('"answer":"kept"'), { timeout: 15_000 }).toBe(true);
}
/** Every file under the data folder, as bytes read as text; kept payloads decoded as well. */
async function homeFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(home, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path);
    out[path] = bytes.toString('latin1');
    if (path.endsWith('.bin')) out[`${path} (decoded)`] = Buffer.from(bytes.toString().replace(/^glance-test:/, ''), 'base64').toString();
  }
  return out;
}
const ref = (): string => `withheld@${listIds(world.tree).indexOf(KEY)}`;

describe('the panel holds back every secret, wherever it sits', () => {
  it('gives the panel no secret, sends none, and keeps none in any file or log line', async () => {
    const invocation = await collect();
    const state = app.panelState();
    // What the page is given passes the contract, with the key's id named by its position.
    expect(() => eventContract.state.payload.parse(state)).not.toThrow();
    const withheld = state.invocation?.screening?.withheld ?? [];
    expect(withheld.filter((w) => w.kind === 'GitHub token').map((w) => w.id)).toEqual(PLACES.map((p) => (p.id === KEY ? ref() : p.id)));
    for (const element of FORM_ELEMENTS) expect(withheld.map((w) => w.id)).toContain(element.id);
    expect(withheld.find((w) => w.id === 'd-token')).toEqual({ id: 'd-token', kind: 'app-context provider token' });
    // The rows still say what they are: a withheld element keeps its clean title.
    const shown = JSON.stringify(state);
    expect(shown).toContain('"tagged row"');

    await send(invocation);
    expect(model.received).toHaveLength(1);
    const raw = (model.received[0]?.raw as Buffer).toString('utf8');
    expect(raw).toContain('The heron stood in the shallows.');
    for (const line of NOT_SECRETS) expect(raw).toContain(JSON.stringify(asRendered(line)).slice(1, -1));
    const files = await homeFiles();
    // One kept payload (the answer kept beside it is searched too, as every file is).
    expect(Object.keys(files).filter((f) => f.endsWith('.bin (decoded)') && !f.endsWith('.answer.bin (decoded)'))).toHaveLength(1);
    for (const secret of secretsOf(world.other, world.editor)) {
      for (const [where, seen] of Object.entries({ panel: shown, raw, log: app.logLines.join('\n'), ...files })) {
        expect(seen.includes(secret), `${secret.slice(0, 12)}… in ${where}`).toBe(false);
      }
    }
    const receipt = JSON.parse((files[join(home, 'history.jsonl')] as string).trim()) as { withheld: { id: string }[]; sentIds: string[] };
    expect(receipt.withheld.every((w) => /^withheld@\d+$/.test(w.id))).toBe(true);
    expect(receipt.withheld).toHaveLength(withheld.length);
  }, 60_000);

  it('Include on the row whose id is the key sends it for this message; no file but the encrypted payload holds it', async () => {
    const invocation = await collect();
    await send(invocation, [ref()]);
    expect((model.received[0]?.raw as Buffer).toString()).toContain(KEY);
    const files = await homeFiles();
    for (const [path, seen] of Object.entries(files)) {
      // The user sent it: the payload they asked Glance to keep holds it, encrypted on disk.
      if (path.endsWith('.bin (decoded)') && !path.endsWith('.answer.bin (decoded)')) expect(seen).toContain(KEY);
      else expect(seen.includes(KEY), path).toBe(false);
    }
    const receipt = JSON.parse((files[join(home, 'history.jsonl')] as string).trim()) as { sentIds: string[] };
    expect(receipt.sentIds).toContain(ref());
  }, 60_000);
});
