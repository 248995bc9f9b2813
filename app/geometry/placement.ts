/**
 * Where the panel may sit beside the user's selection, honouring the provider's placement
 * hints (docs/protocol.md, "Locations"): `avoid`, a region it would prefer not covered, and
 * `edge`, the side of the element it prefers things attached to. Pure and unit-tested; the
 * caller falls back to the tray position when this returns undefined.
 */
import type { EDGES, Location, Rect } from '@app-context/provider-kit/protocol';
import type { DisplayArea, ScreenRect } from './screen.js';

/** A side of the element: one of the protocol's `edge` values. */
type Side = (typeof EDGES)[number];

/** The inputs: the panel's size, the selection's location, every display. */
export interface PlacementInput {
  panel: { width: number; height: number };
  location: Pick<Location, 'rects' | 'avoid' | 'edge'>;
  displays: readonly DisplayArea[];
  /** Points between the element and the panel. */
  gap?: number;
}

/** The panel's top-left corner in whole points, the side it took, and whether it covers anything. */
export interface Placement {
  x: number;
  y: number;
  side: Side;
  /** True when no side had room, and the panel covers part of the element or `avoid`. */
  covers: boolean;
}

const DEFAULT_GAP = 8;
/** Below reads most naturally next to text, then to the right, above, left. */
const ORDER: Side[] = ['bottom', 'right', 'top', 'left'];

function bbox(rects: readonly Rect[]): Rect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, w: Math.max(...rects.map((r) => r.x + r.w)) - x, h: Math.max(...rects.map((r) => r.y + r.h)) - y };
}

function intersection(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const toRect = (s: ScreenRect): Rect => ({ x: s.x, y: s.y, w: s.width, h: s.height });

/** The display the element is mostly on, else the one whose centre is nearest. */
function displayFor(target: Rect, displays: readonly DisplayArea[]): DisplayArea | undefined {
  const cx = target.x + target.w / 2;
  const cy = target.y + target.h / 2;
  const score = (d: DisplayArea): [number, number] => {
    const b = toRect(d.bounds);
    const inside = intersection(target, b) || (cx >= b.x && cx < b.x + b.w && cy >= b.y && cy < b.y + b.h ? 1 : 0);
    return [inside, -Math.hypot(b.x + b.w / 2 - cx, b.y + b.h / 2 - cy)];
  };
  return [...displays].sort((a, b) => {
    const [ia, da] = score(a);
    const [ib, db] = score(b);
    return ib - ia || db - da;
  })[0];
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(value, Math.max(lo, hi)));
}

/** The panel beside `anchor` on one side, aligned with the element's start, clamped into the work area. */
function candidate(side: Side, anchor: Rect, target: Rect, size: PlacementInput['panel'], area: Rect, gap: number): Rect {
  let x = side === 'left' ? anchor.x - gap - size.width : side === 'right' ? anchor.x + anchor.w + gap : target.x;
  let y = side === 'top' ? anchor.y - gap - size.height : side === 'bottom' ? anchor.y + anchor.h + gap : target.y;
  x = Math.round(clamp(x, area.x, area.x + area.w - size.width));
  y = Math.round(clamp(y, area.y, area.y + area.h - size.height));
  return { x, y, w: size.width, h: size.height };
}

/**
 * Places the panel next to the element: the provider's `edge` first, then below, right,
 * above, left; beside the element itself, or beyond `avoid` when the element's own side
 * would cover it. The first spot that covers neither wins; when none does, the spot that
 * covers least. Always inside the work area of the display the element is on.
 */
export function placeBeside(input: PlacementInput): Placement | undefined {
  const { rects, avoid, edge } = input.location;
  if (rects.length === 0) return undefined;
  const target = bbox(rects);
  const display = displayFor(target, input.displays);
  if (!display) return undefined;
  const area = toRect(display.workArea);
  const gap = input.gap ?? DEFAULT_GAP;
  const keepClear = avoid ? [target, avoid] : [target];
  const anchors = avoid ? [target, bbox([target, avoid])] : [target];
  const sides = edge ? [edge, ...ORDER.filter((s) => s !== edge)] : ORDER;
  let best: { rect: Rect; side: Side; covered: number } | undefined;
  for (const side of sides) {
    for (const anchor of anchors) {
      const rect = candidate(side, anchor, target, input.panel, area, gap);
      const covered = keepClear.reduce((sum, r) => sum + intersection(rect, r), 0);
      if (covered === 0) return { x: rect.x, y: rect.y, side, covers: false };
      if (!best || covered < best.covered) best = { rect, side, covered };
    }
  }
  return best && { x: best.rect.x, y: best.rect.y, side: best.side, covers: true };
}
