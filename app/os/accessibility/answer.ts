/**
 * What the accessibility reader answers, schema first: one read of an app's front window
 * (name, title, document, focused element, selection or capped text), and where a selection
 * read before is now. The platform helpers (atspi-reader.py on Linux, ax-reader.swift on macOS)
 * print exactly these shapes; the reader checks every answer against them.
 */
import { z } from 'zod';
import { MAX_RECTS, RectSchema } from '@app-context/provider-kit/protocol';

/**
 * The focused element's own text is read only when nothing is selected, and at most this much
 * of it, in UTF-8 bytes: enough to say what the user is looking at, never a whole document.
 */
export const FOCUSED_TEXT_LIMIT_BYTES = 4096;

/** Most characters of a selection taken; the rest is cut and `truncated` says so. */
export const SELECTION_LIMIT_CHARS = 65_536;

/** One rectangle per line of the selection at most, like a provider's location. */
export const SELECTION_RECT_LIMIT = MAX_RECTS;

/** A text that may have been cut at its limit. */
const CappedTextSchema = z.object({ value: z.string(), truncated: z.boolean() });

/**
 * The selection in the focused element. `ranges` are the platform's offsets of each selected
 * run (Chromium: one per paragraph), `handle` names the element inside one helper process:
 * both let `locate` tell whether it is still the same selection.
 */
const AxSelectionSchema = z.object({
  text: z.string(),
  truncated: z.boolean(),
  /** Screen coordinates in points, origin top-left of the primary display, one per line where the platform gives lines. */
  rects: z.array(RectSchema).max(SELECTION_RECT_LIMIT),
  ranges: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])).min(1),
  handle: z.string().max(64).optional(),
});
export type AxSelection = z.infer<typeof AxSelectionSchema>;

/** One read of the front window of one app. */
export const AxReadSchema = z.object({
  app: z.object({ name: z.string() }),
  /** The app's front window: ACTIVE on AT-SPI, kAXFocusedWindowAttribute on macOS. */
  window: z.object({ title: z.string() }),
  /** Where the platform says what the window shows: a page's URL, a document's file URL. */
  document: z.object({ url: z.string(), path: z.string().optional() }).optional(),
  /**
   * The focused element's role as the platform names it ("text", "document web", "AXTextArea").
   * `secure`: a password or secure text field, of which nothing is read.
   */
  focused: z.object({ role: z.string(), secure: z.boolean() }).optional(),
  selection: AxSelectionSchema.optional(),
  /** The focused element's text, only when nothing is selected, capped at FOCUSED_TEXT_LIMIT_BYTES. */
  text: CappedTextSchema.optional(),
});
export type AxRead = z.infer<typeof AxReadSchema>;

/**
 * Where a selection read before is now: on screen with its rectangles, still there but with no
 * rectangle inside its window (scrolled away, or the app gives none), or gone (it changed).
 */
export const AxLocationSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('visible'), rects: z.array(RectSchema).max(SELECTION_RECT_LIMIT) }),
  z.object({ state: z.literal('offscreen') }),
  z.object({ state: z.literal('gone') }),
]);
export type AxLocation = z.infer<typeof AxLocationSchema>;
