import { z } from 'zod';
import { isPlainObject } from './json.js';

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

/** The answer to `location` (wire.md section 5). */
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
 * Reads a provider's location. `state` and `rects` must be right or the answer is refused;
 * the two placement hints are optional, so a malformed hint is dropped (a host may ignore
 * both) and the rest kept.
 */
export function readLocation(raw: unknown): { ok: true; location: Location; warnings: string[] } | { ok: false; reason: string } {
  if (!isPlainObject(raw)) {
    return { ok: false, reason: 'the location is not a JSON object' };
  }
  const r = raw;
  const core = z.object({ state: z.enum(LOCATION_STATES), rects: z.array(RectSchema) }).safeParse({ state: r['state'], rects: r['rects'] });
  if (!core.success) {
    return { ok: false, reason: 'the location needs state (visible, offscreen or gone) and rects (a list of {x, y, w, h})' };
  }
  const warnings: string[] = [];
  const location: Location = { state: core.data.state, rects: core.data.state === 'gone' ? [] : core.data.rects };
  if (core.data.state === 'gone' && core.data.rects.length > 0) warnings.push('a gone location carried rects; they were dropped');
  const hints = [
    ['window', z.number().int()],
    ['avoid', RectSchema],
    ['edge', z.enum(EDGES)],
  ] as const;
  for (const [name, schema] of hints) {
    if (!Object.hasOwn(r, name) || r[name] === undefined) continue;
    const parsed = schema.safeParse(r[name]);
    if (parsed.success) Object.assign(location, { [name]: parsed.data });
    else warnings.push(`the location's ${name} is malformed and was ignored`);
  }
  return { ok: true, location, warnings };
}
