// Audit finding 8: an embedded resource's `text` was uncapped while a `blob` of the same size
// was dropped. Both are decoded data now (docs/protocol.md, "Tolerant reading" and "Hardening"): at
// most 4 MiB of UTF-8 bytes, a larger one dropped with a warning. A real provider sends a 5 MiB
// text, a 5 MiB blob and small ones of each, over a real socket, as raw JSON text.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { MAX_BODY_BYTES } from '@app-context/provider-kit/protocol';
import { collectContext } from '../../app/invocation/collect.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { captureLogger, expectNoSecrets, guardProcess, report, SECRET, timed } from './helpers.js';

const MIB = 1024 * 1024;
const os = createOs();
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let treeFile: string;
let provider: TestProvider;

guardProcess();

const resource = (uri: string, field: 'text' | 'blob', value: string): string =>
  `{"type":"resource","resource":{"uri":"${uri}","mimeType":"text/plain","${field}":"${value}"}}`;

beforeAll(async () => {
  folder = await makeProvidersDir();
  treeFile = join(folder.dir, '..', 'tree.json');
  await writeFile(treeFile, '{"id":"app","role":"Application"}');
  // No text copy of the answer in content: one 5 MiB block must fit the 8 MiB body once.
  provider = await startTestProvider(folder.dir, { TP_TREE_FILE: treeFile, TP_NAME: 'Resources', TP_TEXT_BLOCK: 'omit' });
});
afterAll(async () => {
  await provider.process.stop();
  await folder.cleanup();
});

/** One element whose only content is `blocks`, under the root. */
async function serve(blocks: string[]): Promise<void> {
  const text = `{"id":"app","role":"Application","children":[{"id":"res-1","role":"Document","selected":true,"content":[${blocks.join(',')}]}]}`;
  expect(text.length).toBeLessThan(MAX_BODY_BYTES - 4096);
  await writeFile(treeFile, text);
}

type Block = { type: string; resource?: { uri: string } };

async function collect(): Promise<{ blocks: Block[]; warnings: string[]; ms: number }> {
  const { logger, lines } = captureLogger();
  const { value, ms } = await timed(() => collectContext({ pid: provider.pid }, { os, env: folder.env, logger }, { timeoutMs: 5000 }));
  expect(value.kind).toBe('collected');
  if (value.kind !== 'collected') return { blocks: [], warnings: [], ms };
  expectNoSecrets([SECRET, provider.descriptor.token], [...value.warnings, ...lines]);
  return { blocks: (value.answer.root.children?.[0]?.content ?? []) as Block[], warnings: value.warnings, ms };
}

describe('embedded resource text counts as decoded data', () => {
  it('a 5 MiB resource text is dropped with a warning, like a 5 MiB blob; small ones are kept', async () => {
    const big = `${SECRET}${'a'.repeat(5 * MIB)}`;
    await serve([resource('file:///big.txt', 'text', big), resource('file:///small.txt', 'text', SECRET)]);
    const text = await collect();
    report('resource text', '5 MiB resource.text', `${text.blocks.length} of 2 blocks kept`, text.ms);
    expect(text.blocks.map((b) => b.resource?.uri)).toEqual(['file:///small.txt']);
    expect(text.warnings).toContain('a content block larger than 4 MiB was dropped (res-1)');

    const blob = Buffer.alloc(5 * MIB, 7).toString('base64').slice(0, Math.floor((5 * MIB) / 3) * 4);
    await serve([resource('file:///big.bin', 'blob', blob), resource('file:///small.bin', 'blob', 'AAAA')]);
    const binary = await collect();
    expect(binary.blocks.map((b) => b.resource?.uri)).toEqual(['file:///small.bin']);
    expect(binary.warnings).toEqual(text.warnings);
  });

  it('counts UTF-8 bytes, not characters: 4 MiB of two-byte text is kept, one character more is not', async () => {
    const exact = 'é'.repeat(2 * MIB); // 2 Mi characters, 4 MiB of UTF-8
    // Two such texts do not fit one 8 MiB body: each goes in its own answer.
    await serve([resource('file:///exact.txt', 'text', exact)]);
    const first = await collect();
    expect(first.blocks.map((b) => b.resource?.uri)).toEqual(['file:///exact.txt']);
    expect(first.warnings).toEqual([]);
    await serve([resource('file:///over.txt', 'text', `${exact}é`)]);
    const over = await collect();
    expect(over.blocks).toEqual([]);
    expect(over.warnings).toEqual(['a content block larger than 4 MiB was dropped (res-1)']);
  });

  it('glance current --json exits 0 with the warning, and never prints the dropped text', async () => {
    await serve([resource('file:///big.txt', 'text', `${SECRET}${'b'.repeat(5 * MIB)}`)]);
    const home = join(folder.dir, '..', 'home');
    const run = await runGlance(['current', '--pid', String(provider.pid), '--json', '--timeout', '5000'], { ...folder.env, GLANCE_HOME: home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.length).toBeLessThan(10_000);
    expect(JSON.parse(run.stdout)).toMatchObject({ warnings: ['a content block larger than 4 MiB was dropped (res-1)'] });
    expectNoSecrets([SECRET, provider.descriptor.token], [run.stdout, run.stderr]);
  });
});
