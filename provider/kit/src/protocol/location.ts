import { z } from 'zod';
import { isPlainObject, own } from './json.js';
import { MAX_RECTS } from './limits.js';

/** A rectangle in global display coordinates, points, origin top-left of the primary display. */
export const RectSchema = z.object({
  x: z.number(),
  y: z.number(),
  w: z.number().nonnegative(),
  h: z.number().nonnegative(),
});
export type Rect = z.infer<typeof RectSchema>;

export const LOCATION_STATES = ['visible', 'offscreen', 'gone'] as const;
export const EDGES = ['top', 'bottom', 'left', 'right'] as const;

/** The answer to `location` (docs/protocol.md#the-servers-checks-in-order). */
export const LocationSchema = z.object({
  state: z.enum(LOCATION_STATES),
  rects: z.array(RectSchema),
  window: z.number().int().optional(),
  avoid: RectSchema.optional(),
  edge: z.enum(EDGES).optional(),
});
export type Location = z.infer<typeof LocationSchema>;
export type LocationState = Location['state'];

/** What a host says about an element it will not ask anyone about. */
export const GONE: Location = Object.freeze({ state: 'gone', rects: [] }) as Location;

/**
 * Reads a provider's location. `state` and a list of `rects` must be there or the answer is
 * refused. Of the rects, the first MAX_RECTS are read and the rest dropped; a rect that is not
 * finite numbers with a width and height of at least 0 is dropped (docs/protocol.md#hardening), each with a
 * warning, so one bad rect costs only itself. The two placement hints are optional, so a
 * malformed hint is dropped (a host may ignore both) and the rest kept.
 */
export function readLocation(raw: unknown): { ok: true; location: Location; warnings: string[] } | { ok: false; reason: string } {
  const state = isPlainObject(raw) ? z.enum(LOCATION_STATES).safeParse(own(raw, 'state')) : undefined;
  const rawRects = isPlainObject(raw) ? own(raw, 'rects') : undefined;
  if (!isPlainObject(raw) || !state?.success || !Array.isArray(rawRects)) {
    return { ok: false, reason: 'the location needs state (visible, offscreen or gone) and rects (a list of {x, y, w, h})' };
  }
  const warnings: string[] = [];
  const location: Location = { state: state.data, rects: [] };
  if (state.data === 'gone') {
    if (rawRects.length > 0) warnings.push('a gone location carried rects; they were dropped');
  } else {
    location.rects = readRects(rawRects, warnings);
  }
  const hints = [
    ['window', z.number().int()],
    ['avoid', RectSchema],
    ['edge', z.enum(EDGES)],
  ] as const;
  for (const [name, schema] of hints) {
    if (!Object.hasOwn(raw, name) || raw[name] === undefined) continue;
    const parsed = schema.safeParse(raw[name]);
    if (parsed.success) Object.assign(location, { [name]: parsed.data });
    else warnings.push(`the location's ${name} is malformed and was ignored`);
  }
  return { ok: true, location, warnings };
}

/** The first MAX_RECTS rects that are usable; what was dropped is counted in `warnings`. */
function readRects(rawRects: unknown[], warnings: string[]): Rect[] {
  // Only the first ones are looked at: the reading costs the same for 300 rects or 100,000.
  const considered = rawRects.length > MAX_RECTS ? rawRects.slice(0, MAX_RECTS) : rawRects;
  const rects: Rect[] = [];
  let broken = 0;
  for (const candidate of considered) {
    // z.number() refuses NaN and ±Infinity (JSON's 1e999 parses to Infinity); w and h are nonnegative.
    const parsed = RectSchema.safeParse(candidate);
    if (parsed.success) rects.push(parsed.data);
    else broken += 1;
  }
  if (broken > 0) warnings.push(`${broken} ${broken === 1 ? 'rect that was' : 'rects that were'} not finite numbers with a width and height of at least 0 ${broken === 1 ? 'was' : 'were'} dropped`);
  if (rawRects.length > MAX_RECTS) warnings.push(`${rawRects.length - MAX_RECTS} rects past the first ${MAX_RECTS} were dropped`);
  return rects;
}
