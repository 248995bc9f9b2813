// Audit finding 7: a 2.9 MB location answer put 100,000 rects into one overlay drawing. Now
// at most 256 rects are read (the first 256, with a warning), a rect whose numbers are not
// finite or whose width or height is negative is dropped, and the overlay draws nothing
// else (docs/protocol.md, "Hardening"). A real provider answers location over a real socket; the
// core locates through it, and the overlay service (main/flow/overlay-service.ts) draws what came
// back.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { MAX_RECTS, type Rect } from '@app-context/provider-kit/protocol';
import { locateRef } from '../../app/invocation/locate.js';
import { createOverlayService } from '../../main/flow/overlay-service.js';
import { DrawingSchema, type Drawing } from '../../contract/ipc.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { guardProcess, report, timed } from './helpers.js';

const os = createOs();
const MANY = 100_000;
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;

guardProcess();

/** Rect i of a column of lines, all on the main display. */
const line = (i: number): Rect => ({ x: 10, y: 10 + (i % 900), w: 300, h: 1 });

beforeAll(async () => {
  folder = await makeProvidersDir();
  const many = Array.from({ length: MANY }, (_, i) => line(i));
  // Broken rects first, then good ones: each broken one is dropped, not the whole answer.
  const broken = [{ x: null, y: 0, w: 1, h: 1 }, { x: 0, y: 0, w: -1, h: 1 }, { x: 0, y: 0, w: 1, h: -0.5 }, { x: '1', y: 0, w: 1, h: 1 }, null, { x: 0, y: 0, w: 1 }, 'rect'];
  const locations = {
    'sel-1': { state: 'visible', rects: many },
    'doc-1': { state: 'visible', rects: [...broken, line(1), line(2)] },
  };
  const file = join(folder.dir, '..', 'locations.json');
  const text = JSON.stringify(locations);
  expect(text.length).toBeGreaterThan(2_500_000); // the size the audit sent
  await writeFile(file, text);
  provider = await startTestProvider(folder.dir, { TP_LOCATION_FILE: file, TP_NAME: 'Rects' });
});
afterAll(async () => {
  await provider.process.stop();
  await folder.cleanup();
});

const ref = (id: string) => ({ pid: provider.pid, bundleId: provider.descriptor.bundleId, instance: provider.descriptor.instance, id });

describe('a location with 100,000 rects, from a real provider', () => {
  it('the core reads the first 256, with a warning', async () => {
    const { value, ms } = await timed(() => locateRef(ref('sel-1'), { os, env: folder.env }, { timeoutMs: 5000 }));
    report('rects', '100,000 rects in one location', value.ok ? `${value.location.rects.length} rects read` : value.reason, ms);
    expect(value.ok).toBe(true);
    if (!value.ok) return;
    expect(value.location.rects).toHaveLength(MAX_RECTS);
    expect(value.location.rects).toEqual(Array.from({ length: MAX_RECTS }, (_, i) => line(i)));
    expect(value.warnings).toEqual([`${MANY - MAX_RECTS} rects past the first ${MAX_RECTS} were dropped`]);
  });

  it('drops each rect that is not finite numbers with a non-negative size, and keeps the rest', async () => {
    const value = await locateRef(ref('doc-1'), { os, env: folder.env }, { timeoutMs: 5000 });
    expect(value.ok, value.ok ? '' : value.reason).toBe(true);
    if (!value.ok) return;
    expect(value.location).toEqual({ state: 'visible', rects: [line(1), line(2)] });
    expect(value.warnings).toEqual(['7 rects that were not finite numbers with a width and height of at least 0 were dropped']);
  });

  it('the overlay service draws at most 256 rects on a display, a drawing the IPC contract accepts', async () => {
    const value = await locateRef(ref('sel-1'), { os, env: folder.env }, { timeoutMs: 5000 });
    if (!value.ok) throw new Error(value.reason);
    const drawn: Drawing[] = [];
    const overlay = createOverlayService({
      displays: () => [{ id: 1, bounds: { x: 0, y: 0, width: 1512, height: 982 } }],
      windows: { draw: (_display, drawing) => drawn.push(drawing), hideAll: () => undefined },
    });
    overlay.show(value.location.rects);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.rects).toHaveLength(MAX_RECTS);
    expect(DrawingSchema.safeParse(drawn[0]).success).toBe(true);
    overlay.hide();
  });

  it('several highlighted elements drawn together still make at most 256 rects per display', () => {
    // The agent service draws every visible element of one answer together (agent-service.ts).
    const drawn: Drawing[] = [];
    const left = { id: 1, bounds: { x: -1440, y: 0, width: 1440, height: 900 } };
    const main = { id: 2, bounds: { x: 0, y: 0, width: 1512, height: 982 } };
    const overlay = createOverlayService({ displays: () => [left, main], windows: { draw: (_d, drawing) => drawn.push(drawing), hideAll: () => undefined } });
    // Three elements of 256 rects each, every rect across the seam (one part on each display).
    const across = Array.from({ length: 3 * MAX_RECTS }, (_, i) => ({ x: -50, y: i % 900, w: 100, h: 1 }));
    overlay.show(across);
    expect(drawn.map((d) => d.rects.length)).toEqual([MAX_RECTS, MAX_RECTS]);
    for (const drawing of drawn) expect(DrawingSchema.safeParse(drawing).success).toBe(true);
    overlay.hide();
  });
});
