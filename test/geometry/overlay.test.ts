import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipToDisplay, overlaysForRects, type OverlayDisplay } from '../../app/geometry/overlay.js';

// Primary 1440x900 at the origin; a display to its left (negative x) and one above (negative y).
const primary: OverlayDisplay = { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 } };
const left: OverlayDisplay = { id: 2, bounds: { x: -1920, y: -180, width: 1920, height: 1080 } };
const above: OverlayDisplay = { id: 3, bounds: { x: 200, y: -1117, width: 1728, height: 1117 } };
const displays = [primary, left, above];

describe('overlaysForRects', () => {
  it('gives a rect on the primary display to it, in window coordinates', () => {
    expect(overlaysForRects([{ x: 100, y: 200, w: 300, h: 20 }], displays)).toEqual([
      { displayId: 1, bounds: primary.bounds, rects: [{ x: 100, y: 200, w: 300, h: 20 }] },
    ]);
  });

  it('translates rects on displays with negative origins', () => {
    expect(overlaysForRects([{ x: -1000, y: -100, w: 50, h: 10 }, { x: 500, y: -600, w: 40, h: 40 }], displays)).toEqual([
      { displayId: 2, bounds: left.bounds, rects: [{ x: 920, y: 80, w: 50, h: 10 }] },
      { displayId: 3, bounds: above.bounds, rects: [{ x: 300, y: 517, w: 40, h: 40 }] },
    ]);
  });

  it('splits a rect spanning two displays at the seam', () => {
    const result = overlaysForRects([{ x: -30, y: 10, w: 100, h: 20 }], displays);
    expect(result).toEqual([
      { displayId: 1, bounds: primary.bounds, rects: [{ x: 0, y: 10, w: 70, h: 20 }] },
      { displayId: 2, bounds: left.bounds, rects: [{ x: 1890, y: 190, w: 30, h: 20 }] },
    ]);
  });

  it('splits a rect spanning the primary display and the one above', () => {
    expect(overlaysForRects([{ x: 300, y: -10, w: 10, h: 30 }], displays)).toEqual([
      { displayId: 1, bounds: primary.bounds, rects: [{ x: 300, y: 0, w: 10, h: 20 }] },
      { displayId: 3, bounds: above.bounds, rects: [{ x: 100, y: 1107, w: 10, h: 10 }] },
    ]);
  });

  it('drops rects on no display and keeps several rects (a wrapped selection) together', () => {
    const lines = [{ x: 10, y: 10, w: 500, h: 18 }, { x: 10, y: 30, w: 200, h: 18 }, { x: 5000, y: 5000, w: 10, h: 10 }];
    expect(overlaysForRects(lines, displays)).toEqual([{ displayId: 1, bounds: primary.bounds, rects: lines.slice(0, 2) }]);
    expect(overlaysForRects([], displays)).toEqual([]);
  });

  it('keeps a caret (zero width) on exactly one display, even on a seam', () => {
    expect(overlaysForRects([{ x: 0, y: 10, w: 0, h: 18 }], displays)).toEqual([{ displayId: 1, bounds: primary.bounds, rects: [{ x: 0, y: 10, w: 0, h: 18 }] }]);
  });

  it('grows rects by the outset before clipping', () => {
    expect(overlaysForRects([{ x: 1, y: 50, w: 10, h: 10 }], [primary], { outset: 3 })).toEqual([
      { displayId: 1, bounds: primary.bounds, rects: [{ x: 0, y: 47, w: 14, h: 16 }] },
    ]);
  });

  it('ignores rects with non-finite or negative sizes', () => {
    expect(overlaysForRects([{ x: Number.NaN, y: 0, w: 1, h: 1 }, { x: 0, y: 0, w: -5, h: 1 }], displays)).toEqual([]);
  });

  it('never loses or invents area: the parts sum to the area inside the displays', () => {
    const rect = fc.record({ x: fc.integer({ min: -2500, max: 2500 }), y: fc.integer({ min: -1500, max: 1500 }), w: fc.integer({ min: 1, max: 3000 }), h: fc.integer({ min: 1, max: 2000 }) });
    fc.assert(fc.property(rect, (r) => {
      const parts = overlaysForRects([r], displays).flatMap((o) => o.rects);
      const expected = displays.reduce((sum, d) => { const c = clipToDisplay(r, d.bounds); return sum + (c ? c.w * c.h : 0); }, 0);
      expect(parts.reduce((sum, p) => sum + p.w * p.h, 0)).toBe(expected);
      for (const o of overlaysForRects([r], displays)) {
        for (const p of o.rects) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x + p.w).toBeLessThanOrEqual(o.bounds.width);
          expect(p.y + p.h).toBeLessThanOrEqual(o.bounds.height);
        }
      }
    }));
  });
});
