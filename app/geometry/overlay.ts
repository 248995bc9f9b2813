/**
 * Which highlight goes to which display. The overlay is one transparent window per display
 * (one transparent, click-through window per display, made when needed), and a window draws in its own coordinates, so each element rect is
 * clipped to every display it touches and translated to that display's window. Pure, so it
 * is unit-tested without Electron.
 *
 * Element rects are the protocol's: global points, origin top-left of the primary display,
 * y down, negative on displays to the left or above. Electron's display bounds use the same
 * space (DIPs are points on macOS), so no conversion is needed, only clipping.
 */
import type { Rect } from '@app-context/provider-kit/protocol';
import type { ScreenRect } from './screen.js';

/** What the overlay needs of a display: an id to find its window, and its full bounds. */
export interface OverlayDisplay {
  id: number | string;
  bounds: ScreenRect;
}

/** What one display's overlay window draws: rects in that window's own coordinates. */
export interface DisplayOverlay {
  displayId: number | string;
  /** The display's bounds, where its overlay window goes. */
  bounds: ScreenRect;
  rects: Rect[];
}

/** Options for assigning rects. */
export interface OverlayOptions {
  /** Points to grow each rect by on every side before clipping, so a ring sits around the text. */
  outset?: number;
}

/**
 * One interval against another, as [start, end] or undefined when they do not meet. A
 * zero-length interval (a caret is a rect of width 0) meets a display when its point lies in
 * it, with the display's far edge excluded so a caret on a seam goes to one display only.
 */
function overlap(start: number, length: number, lo: number, hi: number): [number, number] | undefined {
  if (length === 0) return start >= lo && start < hi ? [start, start] : undefined;
  const a = Math.max(start, lo);
  const b = Math.min(start + length, hi);
  return a < b ? [a, b] : undefined;
}

/** The part of a global rect on one display, in that display's window coordinates. */
export function clipToDisplay(rect: Rect, bounds: ScreenRect): Rect | undefined {
  const xs = overlap(rect.x, rect.w, bounds.x, bounds.x + bounds.width);
  const ys = overlap(rect.y, rect.h, bounds.y, bounds.y + bounds.height);
  if (!xs || !ys) return undefined;
  return { x: xs[0] - bounds.x, y: ys[0] - bounds.y, w: xs[1] - xs[0], h: ys[1] - ys[0] };
}

function usable(rect: Rect): boolean {
  return [rect.x, rect.y, rect.w, rect.h].every(Number.isFinite) && rect.w >= 0 && rect.h >= 0;
}

/**
 * Splits rects across displays: a rect on one display goes to it, a rect spanning two is cut
 * at the seam and each part goes to its display, a rect on no display is dropped. Returns
 * only displays with something to draw, in the order the displays were given.
 */
export function overlaysForRects(rects: readonly Rect[], displays: readonly OverlayDisplay[], options: OverlayOptions = {}): DisplayOverlay[] {
  const outset = Math.max(0, options.outset ?? 0);
  const grown = rects.filter(usable).map((r) => ({ x: r.x - outset, y: r.y - outset, w: r.w + 2 * outset, h: r.h + 2 * outset }));
  const result: DisplayOverlay[] = [];
  for (const display of displays) {
    const local = grown.flatMap((rect) => clipToDisplay(rect, display.bounds) ?? []);
    if (local.length > 0) result.push({ displayId: display.id, bounds: { ...display.bounds }, rects: local });
  }
  return result;
}
