// Sample Notes behaves as docs/protocol.md, "Ids and instances", says ids behave: driven through its stdin
// commands in a child process, read through MCP as a host reads it.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { readAnswer, type Element } from '@app-context/provider-kit/protocol';
import { createIdMinter } from '@app-context/provider-kit';
import { NotesModel } from '../../provider/sample/model.js';
import { buildTree, locateInModel } from '../../provider/sample/tree.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { connect, expectNoToken, requireBuild, SAMPLE, startChild, type ChildProvider } from './helpers.js';

let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let sample: ChildProvider;
let client: Client;

beforeAll(requireBuild);
beforeEach(async () => {
  dir = await makeProvidersDir();
  sample = await startChild(SAMPLE, dir.env, dir.dir);
  client = await connect(sample.descriptor.endpoint, sample.descriptor.token);
});
afterEach(async () => {
  await client.close();
  await sample.proc.stop();
  expectNoToken(sample);
  await dir.cleanup();
});

async function command(line: string): Promise<void> {
  const before = sample.proc.output().length;
  sample.proc.child.stdin?.write(`${line}\n`);
  const name = line.split(' ')[0] as string;
  // Only output after this command counts: an earlier `ok select` must not answer for it.
  const until = Date.now() + 5000;
  while (!sample.proc.output().slice(before).includes(`ok ${name}\n`)) {
    if (Date.now() > until) throw new Error(`no answer to ${name}: ${sample.proc.output().slice(before)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function current(): Promise<Element> {
  const result = await client.callTool({ name: 'current', arguments: {} });
  const read = readAnswer(result.structuredContent);
  if (!read.ok) throw new Error(read.reason);
  expect(read.warnings).toEqual([]);
  return read.answer.root;
}

async function locate(id: string): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name: 'location', arguments: { id } });
  expect(result.isError).toBeFalsy();
  return result.structuredContent as Record<string, unknown>;
}

function all(root: Element): Element[] {
  const out: Element[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const e = stack.pop() as Element;
    out.push(e);
    // Reversed so that they pop in document order.
    stack.push(...[...(e.children ?? [])].reverse());
  }
  return out;
}

describe('Sample Notes', () => {
  it('reports a realistic tree: notes, a selection, a task list, a link and an image', async () => {
    const elements = all(await current());
    const roles = elements.map((e) => e.role);
    for (const role of ['Application', 'Window', 'Document', 'Text', 'List', 'Row', 'Link', 'Image'] as const) expect(roles).toContain(role);
    expect(elements.filter((e) => e.role === 'Document').map((e) => e.visible ?? true)).toEqual([true, false]);
    expect(elements.filter((e) => e.subrole === 'task').every((e) => e.attributes?.['due'] !== undefined)).toBe(true);
    expect(elements.find((e) => e.role === 'Image')?.content?.[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('keeps a selection id meaning its passage after the user selects something else', async () => {
    const first = all(await current()).find((e) => e.selected === true) as Element;
    const firstPlace = await locate(first.id);
    await command('select the castle');
    const second = all(await current()).find((e) => e.selected === true) as Element;
    expect(second.id).not.toBe(first.id);
    expect(second.content?.[0]).toMatchObject({ text: 'the castle' });
    // The old id still names the old passage, in the same place.
    expect(await locate(first.id)).toEqual(firstPlace);
    await command('select tram 28 from Martim Moniz');
    expect(all(await current()).find((e) => e.selected === true)?.id).toBe(first.id);
  });

  it('answers gone for a closed note and what was in it, and offscreen for a hidden one', async () => {
    const before = all(await current());
    const [open, hidden] = before.filter((e) => e.role === 'Document') as [Element, Element];
    const selection = before.find((e) => e.selected === true) as Element;
    expect(await locate(hidden.id)).toMatchObject({ state: 'offscreen', rects: [] });
    await command('close-note');
    expect(await locate(open.id)).toEqual({ state: 'gone', rects: [] });
    expect(await locate(selection.id)).toEqual({ state: 'gone', rects: [] });
    const after = all(await current());
    expect(after.map((e) => e.id)).not.toContain(open.id);
    expect(after.find((e) => e.id === hidden.id)).toMatchObject({ focused: true });
  });

  it('puts hovered on one element only', async () => {
    const task = all(await current()).find((e) => e.subrole === 'task') as Element;
    await command(`hover ${task.id}`);
    expect(all(await current()).filter((e) => e.hovered === true).map((e) => e.id)).toEqual([task.id]);
  });

  it.each(['Link', 'Image', 'Text'])('marks a %s under the pointer as hovered, and hover none clears it', async (role) => {
    const target = all(await current()).find((e) => e.role === role) as Element;
    expect(target).toBeDefined();
    await command(`hover ${target.id}`);
    expect(all(await current()).filter((e) => e.hovered === true).map((e) => e.id)).toEqual([target.id]);
    await command('hover none');
    expect(all(await current()).filter((e) => e.hovered === true)).toEqual([]);
  });
});

describe('the exported model', () => {
  it('builds trees in-process, with wrapped selections giving one rect per line', () => {
    const model = new NotesModel();
    const ids = createIdMinter();
    expect(model.select('Lunch at the market in Cais do Sodre, then walk up')).toBe(true);
    const root = buildTree(model, ids);
    const selection = all(root).find((e) => e.selected === true) as Element;
    expect(locateInModel(model, ids, selection.id)?.rects).toHaveLength(2);
    expect(locateInModel(model, ids, 'unknown')).toBeUndefined();
  });
});
