// Secrets wherever they sit (docs/reliability.md, the second outside audit, findings 1, 6 and 7), as a user meets them: the real `glance` command against a real
// provider serving a tree that holds secrets where the audit found them reaching the model (a
// subrole, an attribute name, a text block's _meta, a link's mimeType and name, an embedded
// resource's _meta, the element's id), in the forms it found sent (cards with dots, non-breaking
// spaces, full-width digits; a nested `pass`; api_key= and access_token with random hex; a
// Bearer JWT), and a second provider's descriptor file as an editor shows it (its token). A
// recording model server on loopback gets what `ask` sends; the exact bytes it received, the
// command's output and every file under GLANCE_HOME are searched for each secret.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { listIds } from '../../contract/review.js';
import { openaiStream, startFakeServer, type FakeServer } from '../agent/fake-model-server.js';
import { runGlance } from '../helpers/cli.js';
import { FAKE, NOT_SECRETS } from '../withhold/fake-secrets.js';
import { asRendered, FORM_ELEMENTS, KEY, PLACES, secretsOf, useSecretProviders } from './secret-tree.js';

const world = useSecretProviders();
let model: FakeServer;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  env = { ...world.dir.env, OPENAI_API_KEY: 'sk-test-openai-key-not-real-0021' };
  model = await startFakeServer([{ sse: openaiStream(['Answered.']) }]);
  await openGlanceHome(world.dir.home);
  await createHistoryStore({ home: world.dir.home }).clear();
  return () => model.close();
});

/** Every file under GLANCE_HOME, as text. */
async function homeFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(world.dir.home, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[join(entry.parentPath, entry.name)] = await readFile(join(entry.parentPath, entry.name), 'latin1');
  }
  return out;
}
/** Every string in the body the model server parsed: what the model read, escapes undone. */
function stringsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(stringsOf).join('\n');
  if (typeof value === 'object' && value !== null) return Object.entries(value).map(([k, v]) => `${k}\n${stringsOf(v)}`).join('\n');
  return String(value);
}
const position = (id: string): number => listIds(world.tree).indexOf(id);
const ask = (extra: string[] = []) => runGlance(['ask', 'what is this?', '--pid', String(world.editor.pid), '--backend', 'openai', '--base-url', `${model.url}/v1`, '--json', ...extra], env);
const firstLine = (stdout: string) => JSON.parse(stdout.split('\n')[0] as string) as { withheld: { id: string; kind: string }[] };

describe('glance ask holds back every secret, wherever it sits', () => {
  it('withholds each element holding one; the model, the output and GLANCE_HOME get nothing of any', async () => {
    const run = await ask();
    expect(run.code).toBe(0);
    const withheld = firstLine(run.stdout).withheld;
    // Finding 1: each place; the element whose id is the key is named by its position, never by the key.
    expect(withheld.filter((w) => w.kind === FAKE.github.kind).map((w) => w.id)).toEqual(PLACES.map((p) => (p.id === KEY ? `withheld@${position(KEY)}` : p.id)));
    // Finding 7: each form, the nested pass.
    for (const element of FORM_ELEMENTS) expect(withheld.map((w) => w.id)).toContain(element.id);
    // Finding 6: the other provider's token, in its file and alone in a cell.
    expect(withheld.find((w) => w.id === 'd-token')).toEqual({ id: 'd-token', kind: 'app-context provider token' });
    expect(withheld.find((w) => w.id === 'd-file')?.kind).toContain('app-context provider token');
    expect(withheld).toHaveLength(PLACES.length + FORM_ELEMENTS.length + 3);

    expect(model.received).toHaveLength(1);
    const raw = (model.received[0]?.raw as Buffer).toString('utf8');
    const read = stringsOf(model.received[0]?.body);
    expect(read).toContain('The heron stood in the shallows.');
    // What holds no secret went, every line of it.
    for (const line of NOT_SECRETS) expect(read).toContain(asRendered(line));
    const files = await homeFiles();
    expect(Object.keys(files).some((f) => f.endsWith('history.jsonl'))).toBe(true);
    for (const secret of secretsOf(world.other, world.editor)) {
      for (const [where, seen] of Object.entries({ raw, read, stdout: run.stdout, stderr: run.stderr, ...files })) {
        expect(seen.includes(secret), `${secret.slice(0, 12)}… in ${where}`).toBe(false);
      }
    }
    // The receipt names every withheld element by its position, none by its id.
    const [receipt] = (await createHistoryStore({ home: world.dir.home }).list()).receipts;
    expect(receipt?.withheld.map((w) => w.id)).toEqual(withheld.map((w) => `withheld@${position(w.id.startsWith('withheld@') ? KEY : w.id)}`));
    expect(receipt?.sentIds).toContain('sel');
  });

  it('--allow withheld@N sends the element whose id is the key, for this message; the receipt names it by position still', async () => {
    const ref = `withheld@${position(KEY)}`;
    const run = await ask(['--allow', ref]);
    expect(run.code).toBe(0);
    expect(firstLine(run.stdout).withheld.map((w) => w.id)).not.toContain(ref);
    // The user chose to send it: the model got it.
    expect((model.received[0]?.raw as Buffer).toString()).toContain(`"${KEY}`);
    const [receipt] = (await createHistoryStore({ home: world.dir.home }).list()).receipts;
    expect(receipt?.sentIds).toContain(ref);
    for (const seen of Object.values(await homeFiles())) expect(seen).not.toContain(KEY);
  });
});

describe('glance current prints no token Glance has read (finding 6)', () => {
  it.each([['--json', ['--json']], ['for a person', []]] as const)('current %s: the other provider\'s token and its own are redacted', async (_label, flags) => {
    const run = await runGlance(['current', '--pid', String(world.editor.pid), ...flags], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[redacted]');
    for (const token of [world.other.descriptor.token, world.editor.descriptor.token]) expect(run.stdout + run.stderr).not.toContain(token);
    // Not even the part of it the outline's shortening would leave.
    expect(run.stdout).not.toContain(world.other.descriptor.token.slice(0, 12));
    // What is no secret is printed as the provider gave it.
    expect(run.stdout).toContain('The heron stood in the shallows.');
  });
});
