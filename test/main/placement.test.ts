// The panel beside the selection (main/flow/placement.ts): the location comes with the
// collection (collectContext's locateSelection, over the same verified call), and the press
// places the panel once, unless it is over. No electron: the move is recorded.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createOs } from '../../app/os/index.js';
import type { Location } from '@app-context/provider-kit/protocol';
import type { LocateResult } from '../../app/invocation/locate.js';
import type { Collection } from '../../app/sources/types.js';
import { createInvocation } from '../../main/flow/invocation.js';
import { placeSelection } from '../../main/flow/placement.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { collectingInvocation } from '../../main/flow/describe.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import { unreachableSource } from '../helpers/sources.js';

const suite = useProviderSuite();
const visible: Location = { state: 'visible', rects: [{ x: 100, y: 100, w: 80, h: 20 }], edge: 'right' };
const root = { id: 'app', role: 'Application' as const, children: [{ id: 'doc', role: 'Document' as const, children: [{ id: 'sel', role: 'Text' as const, selected: true }] }] };
const provider = { protocol: '0.2.0', bundleId: 'com.example.notes', name: 'Notes', version: '1', pid: 42, instance: 'i-1', endpoint: 'http://127.0.0.1:1/mcp' };

function placing(signal = new AbortController().signal) {
  const placed: Location[] = [];
  return { placed, deps: { id: 3, signal, placeBeside: (location: Location) => placed.push(location), logger: silentLogger } };
}

describe('the panel beside the selection', () => {
  it('moves the panel beside the selection the provider located', async () => {
    const { placed, deps } = placing();
    expect(await placeSelection(Promise.resolve({ ok: true, location: visible, warnings: [], asked: true }), deps)).toBe('placed');
    expect(placed).toEqual([visible]);
  });

  it.each<[string, LocateResult]>([
    ['offscreen', { ok: true, location: { state: 'offscreen', rects: [] }, warnings: [], asked: true }],
    ['gone', { ok: true, location: { state: 'gone', rects: [] }, warnings: [], asked: false }],
    ['an error', { ok: false, kind: 'ignored', reason: 'its port belongs to another process', asked: false }],
  ])('stays under the menu-bar icon when the selection is %s', async (_what, answer) => {
    const { placed, deps } = placing();
    expect(await placeSelection(Promise.resolve(answer), deps)).toBe('stays');
    expect(placed).toEqual([]);
  });

  it('does not move the panel for a press a newer hotkey replaced', async () => {
    const over = new AbortController();
    const { placed, deps } = placing(over.signal);
    let answer: (result: LocateResult) => void = () => undefined;
    const placing1 = placeSelection(new Promise((resolve) => { answer = resolve; }), deps);
    over.abort();
    answer({ ok: true, location: visible, warnings: [], asked: true });
    expect(await placing1).toBe('stays');
    expect(placed).toEqual([]);
  });
});

describe('a press places the panel once, for a collected context with a selection only', () => {
  const press = (collection: Collection, placed: Location[]) => createInvocation({ id: 1, view: collectingInvocation(1, 'Notes') }, {
    collect: async () => collection, timeoutMs: () => 1500, logger: silentLogger,
    hub: createStateHub(),
    placeBeside: (location) => placed.push(location),
  });

  it('places the panel for a collected context, and for nothing else', async () => {
    const placed: Location[] = [];
    await press({ kind: 'no-answer', app: { pid: 42 }, provider, reason: 'no', timedOut: true }, placed).collect({ pid: 42 });
    await press({ kind: 'collected', app: { pid: 42 }, provider, answer: { protocol: '0.2.0', instance: 'i-1', root }, warnings: [], ignored: [], source: unreachableSource }, placed).collect({ pid: 42 });
    expect(placed).toEqual([]);
    await press({
      kind: 'collected', app: { pid: 42 }, provider, answer: { protocol: '0.2.0', instance: 'i-1', root }, warnings: [], ignored: [], source: unreachableSource,
      selection: Promise.resolve({ ok: true, location: visible, warnings: [], asked: true }),
    }, placed).collect({ pid: 42 });
    await expect.poll(() => placed).toEqual([visible]);
  });
});

describe('the selection located with the collection', () => {
  it('asks the issuing provider where the selection is, over the one verified call: discovery and the check run once', async () => {
    const p = await suite.start();
    let discovered = 0;
    const collection = await collectContext({ pid: p.pid }, { os: createOs(), env: suite.env(), afterDiscovery: async () => { discovered += 1; } }, { timeoutMs: 5000, locateSelection: true });
    if (collection.kind !== 'collected') throw new Error(`no context: ${collection.kind}`);
    const located = await collection.selection;
    expect(located).toMatchObject({ ok: true, asked: true, location: { state: 'visible' } });
    expect(discovered).toBe(1);
    // Without asking for it, nothing is located.
    const plain = await collectContext({ pid: p.pid }, { os: createOs(), env: suite.env() }, { timeoutMs: 5000 });
    expect(plain.kind === 'collected' ? plain.selection : 'not collected').toBeUndefined();
  });
});
