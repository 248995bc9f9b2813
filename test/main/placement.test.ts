// The panel beside the selection (main/flow/placement.ts), driven by the controller's
// invocation events. No electron: the move is recorded.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import type { Location } from '@app-context/provider-kit/protocol';
import type { LocateResult } from '../../app/invocation/locate.js';
import type { ElementRef } from '../../app/invocation/types.js';
import type { CollectedContext } from '../../main/flow/controller.js';
import { createSelectionPlacement } from '../../main/flow/placement.js';

const context: CollectedContext = {
  invocation: 3,
  appName: 'Notes',
  issuer: { pid: 42, bundleId: 'com.example.notes', instance: 'i-1' },
  root: { id: 'app', role: 'Application', children: [{ id: 'doc', role: 'Document', children: [{ id: 'sel', role: 'Text', selected: true }] }] },
};
const visible: Location = { state: 'visible', rects: [{ x: 100, y: 100, w: 80, h: 20 }], edge: 'right' };

function placement(answer: LocateResult, current = true) {
  const asked: ElementRef[] = [];
  const placed: Location[] = [];
  const service = createSelectionPlacement({
    locate: async (ref) => {
      asked.push(ref);
      return answer;
    },
    timeoutMs: () => 1500,
    isCurrent: () => current,
    placeBeside: (location) => placed.push(location),
    logger: silentLogger,
  });
  return { service, asked, placed };
}

describe('the panel beside the selection', () => {
  it('asks the issuing provider for the selection and moves the panel beside it, once per invocation', async () => {
    const { service, asked, placed } = placement({ ok: true, location: visible, warnings: [], asked: true });
    expect(await service.onCollected(context)).toBe('placed');
    expect(asked).toEqual([{ pid: 42, bundleId: 'com.example.notes', instance: 'i-1', id: 'sel' }]);
    expect(placed).toEqual([visible]);
    expect(await service.onCollected(context)).toBe('stays');
    expect(asked).toHaveLength(1);
  });

  it.each<[string, LocateResult]>([
    ['offscreen', { ok: true, location: { state: 'offscreen', rects: [] }, warnings: [], asked: true }],
    ['gone', { ok: true, location: { state: 'gone', rects: [] }, warnings: [], asked: false }],
    ['an error', { ok: false, kind: 'ignored', reason: 'its port belongs to another process', asked: false }],
  ])('stays under the menu-bar icon when the selection is %s', async (_what, answer) => {
    const { service, placed } = placement(answer);
    expect(await service.onCollected(context)).toBe('stays');
    expect(placed).toEqual([]);
  });

  it('does not move the panel for an invocation a newer hotkey replaced, nor without a selection', async () => {
    expect(await placement({ ok: true, location: visible, warnings: [], asked: true }, false).service.onCollected(context)).toBe('stays');
    const bare = placement({ ok: true, location: visible, warnings: [], asked: true });
    expect(await bare.service.onCollected({ ...context, root: { id: 'app', role: 'Application' } })).toBe('stays');
    expect(bare.asked).toEqual([]);
  });
});

describe('following the invocation events', () => {
  it('places the panel for a collected invocation, and for nothing else', async () => {
    const { service, asked, placed } = placement({ ok: true, location: visible, warnings: [], asked: true });
    service.follow({ type: 'started', invocation: 3, appName: 'Notes' });
    service.follow({ type: 'failed', invocation: 3, message: 'no' });
    expect(asked).toEqual([]);
    service.follow({ type: 'collected', invocation: 3, context });
    await expect.poll(() => placed).toEqual([visible]);
  });
});
