/**
 * What the extension's service worker (extension/service-worker.js) sends the helper, as zod
 * schemas: the helper trusts nothing it did not check, and a message that does not fit is
 * dropped (an ask then ends on its time limit or with a refusal). Sizes are capped here as the
 * worker caps them, so a page cannot make the answer large.
 */
import { z } from 'zod';

const RectSchema = z.object({ x: z.number(), y: z.number(), w: z.number().nonnegative(), h: z.number().nonnegative() });
export type PageRect = z.infer<typeof RectSchema>;

/** The window's place and the page's viewport, as the page reports them (CSS pixels; screen ones for screenX/Y and outer sizes). */
const MetricsSchema = z.object({
  screenX: z.number(),
  screenY: z.number(),
  outerWidth: z.number(),
  innerWidth: z.number(),
  outerHeight: z.number(),
  innerHeight: z.number(),
  devicePixelRatio: z.number().positive(),
  visible: z.boolean(),
});
export type PageMetrics = z.infer<typeof MetricsSchema>;

const short = z.string().max(2048);

const SelectionSchema = z.object({
  key: z.string().regex(/^p\d{1,12}$/),
  text: z.string().max(20_000),
  rects: z.array(RectSchema).max(256),
  container: z.object({ kind: z.enum(['heading', 'code', 'list item', 'quote', 'paragraph']) }),
  links: z.array(z.object({ text: short, url: short })).max(20),
  images: z.array(z.object({ alt: short, url: short })).max(20),
});

const PageSchema = z.object({
  title: short,
  url: short,
  headings: z.array(z.object({ level: z.number().int().min(1).max(6), text: short })).max(12),
  metrics: MetricsSchema,
  selection: SelectionSchema.optional(),
});

/** The answer to `current`: the focused window of this profile and its active tab, read once. */
export const CurrentReadSchema = z.object({
  window: z.object({ id: z.number(), focused: z.boolean(), state: z.string().optional() }).nullable(),
  tab: z.object({
    tabId: z.number().int(),
    title: short,
    url: short,
    zoom: z.number().positive().optional(),
    documentId: z.string().max(128).optional(),
    page: PageSchema.optional(),
  }).optional(),
});
export type CurrentRead = z.infer<typeof CurrentReadSchema>;

/** The answer to `locate`. */
export const LocateReadSchema = z.union([
  z.object({ state: z.literal('gone') }),
  z.object({ state: z.literal('offscreen'), rects: z.array(RectSchema).max(0) }),
  z.object({ state: z.enum(['visible', 'offscreen']), rects: z.array(RectSchema).max(256), metrics: MetricsSchema, zoom: z.number().positive() }),
]);

/** The first message: which browser this is. */
export const HelloSchema = z.object({ hello: z.object({ browser: z.string().min(1).max(100), version: z.string().max(40), extension: z.string().max(40) }) });
export type Hello = z.infer<typeof HelloSchema>['hello'];

/** A window of this profile gained (true) or every window lost (false) the focus. */
export const FocusSchema = z.object({ focus: z.boolean() });

/** The reply to one ask. */
export const ReplySchema = z.union([
  z.object({ id: z.number().int(), answer: z.unknown() }),
  z.object({ id: z.number().int(), error: z.string().max(500) }),
]);
