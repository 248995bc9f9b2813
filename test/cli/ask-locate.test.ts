// `glance ask` and the panel run the one ask (app/ask): a highlight is located only through the
// collection's own source (`collection.source.locate`), never by a second way to the provider.
// The real Sample Notes provider, the offline answerer (it highlights the selection).
import { describe, expect, it } from 'vitest';
import { createAsk } from '../../app/cli/ask.js';
import type { CliIo } from '../../app/cli/io.js';
import { collectContext } from '../../app/invocation/collect.js';
import type { ContextSource } from '../../app/sources/source.js';
import { createOs } from '../../app/os/index.js';
import { useSampleNotes } from '../helpers/sample-suite.js';

const os = createOs();
const suite = useSampleNotes();

describe('glance ask locates through the collection\'s source', () => {
  it('every highlight goes through `source.locate`, and it is located', async () => {
    const located: string[] = [];
    const watched = (source: ContextSource<'provider'>): ContextSource<'provider'> => ({
      kind: source.kind,
      locate: (id, options) => {
        located.push(id);
        return source.locate(id, options);
      },
    });
    const ask = createAsk({
      collect: async (...args) => {
        const collection = await collectContext(...args);
        return collection.kind === 'collected' ? { ...collection, source: watched(collection.source) } : collection;
      },
    });
    let out = '';
    const io: CliIo = { stdout: (text) => void (out += text), stderr: () => undefined, env: suite.env() };
    expect(await ask(['what is this?', '--pid', String(suite.sample().proc.pid), '--json'], io, { os })).toBe(0);
    const highlights = out.trim().split('\n').map((line) => JSON.parse(line) as { type: string; id?: string; location?: { state: string } }).filter((line) => line.type === 'highlight');
    expect(highlights).toEqual([expect.objectContaining({ location: expect.objectContaining({ state: 'visible' }) })]);
    expect(located).toEqual(highlights.map((h) => h.id));
  }, 30_000);
});
