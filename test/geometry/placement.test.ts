import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeBeside } from '../../app/geometry/placement.js';
import type { DisplayArea } from '../../app/geometry/screen.js';

// Primary with a 25-point menu bar; a second display to the left, lower, without one.
const primary: DisplayArea = { bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const left: DisplayArea = { bounds: { x: -1920, y: 100, width: 1920, height: 1080 }, workArea: { x: -1920, y: 100, width: 1920, height: 1080 } };
const displays = [primary, left];
const panel = { width: 400, height: 300 };
const selection = { x: 200, y: 200, w: 300, h: 40 };

describe('placeBeside', () => {
  it('puts the panel below the selection by default, aligned with its start', () => {
    expect(placeBeside({ panel, location: { rects: [selection] }, displays })).toEqual({ x: 200, y: 248, side: 'bottom', covers: false });
  });

  it('honours edge', () => {
    expect(placeBeside({ panel, location: { rects: [selection], edge: 'right' }, displays })).toEqual({ x: 508, y: 200, side: 'right', covers: false });
    expect(placeBeside({ panel, location: { rects: [{ x: 600, y: 500, w: 100, h: 20 }], edge: 'top' }, displays })).toEqual({ x: 600, y: 192, side: 'top', covers: false });
  });

  it('takes the bounding box of a wrapped selection', () => {
    const lines = [{ x: 300, y: 200, w: 500, h: 18 }, { x: 100, y: 220, w: 200, h: 18 }];
    expect(placeBeside({ panel, location: { rects: lines }, displays })).toEqual({ x: 100, y: 246, side: 'bottom', covers: false });
  });

  it('goes beyond avoid when the side next to the element would cover it', () => {
    const avoid = { x: 150, y: 240, w: 600, h: 200 };
    expect(placeBeside({ panel, location: { rects: [selection], avoid }, displays })).toEqual({ x: 200, y: 448, side: 'bottom', covers: false });
  });

  it('tries the next side when the preferred one has no room', () => {
    // Near the bottom of the screen: below does not fit, so right.
    const low = { x: 100, y: 800, w: 200, h: 20 };
    expect(placeBeside({ panel, location: { rects: [low] }, displays })).toEqual({ x: 308, y: 600, side: 'right', covers: false });
  });

  it('clamps into the work area, below the menu bar and inside the display edge', () => {
    const nearTop = { x: 1300, y: 30, w: 100, h: 10 };
    const placed = placeBeside({ panel, location: { rects: [nearTop], edge: 'top' }, displays });
    expect(placed).toEqual({ x: 1040, y: 48, side: 'bottom', covers: false });
  });

  it('uses the work area of the display the selection is on, negative coordinates included', () => {
    const onLeft = { x: -600, y: 1000, w: 300, h: 30 };
    const placed = placeBeside({ panel, location: { rects: [onLeft] }, displays });
    // Below and right have no room inside the left display's work area (x ends at 0), so above.
    expect(placed).toEqual({ x: -600, y: 692, side: 'top', covers: false });
  });

  it('covers as little as possible when nothing fits, and says so', () => {
    const huge = { x: 0, y: 25, w: 1440, h: 875 };
    const placed = placeBeside({ panel, location: { rects: [huge] }, displays: [primary] });
    expect(placed).toMatchObject({ covers: true });
  });

  it('returns undefined without rects, so the caller keeps the tray position', () => {
    expect(placeBeside({ panel, location: { rects: [] }, displays })).toBeUndefined();
  });

  it('always lands inside the work area in whole points', () => {
    const rect = fc.record({ x: fc.integer({ min: -1920, max: 1400 }), y: fc.integer({ min: 0, max: 1150 }), w: fc.integer({ min: 0, max: 500 }), h: fc.integer({ min: 0, max: 200 }) });
    const edge = fc.option(fc.constantFrom('top' as const, 'bottom' as const, 'left' as const, 'right' as const), { nil: undefined });
    fc.assert(fc.property(rect, edge, (r, e) => {
      const placed = placeBeside({ panel, location: { rects: [r], edge: e }, displays });
      if (!placed) throw new Error('expected a placement');
      const area = [primary, left].map((d) => d.workArea).find((a) => placed.x >= a.x && placed.x + panel.width <= a.x + a.width && placed.y >= a.y && placed.y + panel.height <= a.y + a.height);
      expect(area).toBeDefined();
      expect(Number.isInteger(placed.x) && Number.isInteger(placed.y)).toBe(true);
    }));
  });
});
