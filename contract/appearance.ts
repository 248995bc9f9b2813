import { z } from 'zod';

/**
 * How the panel's page looks, as main tells it (the one IPC contract, ipc.ts): whether the
 * window has the menu material behind the page, and the user's accent colour. Both are facts
 * only main knows; the page never guesses them from its user agent.
 */

/**
 * The panel's size in points: room for a short tree, the preview and the prompt. Main sizes the
 * window by it; the page takes its height as the list's first guess before it measures.
 */
export const PANEL_SIZE = { width: 420, height: 580 } as const;

/** A colour as the page uses it: `#rrggbb`, lower case, opaque. */
const HexColorSchema = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour is #rrggbb (six lower-case hex digits)');

export const AppearanceSchema = z
  .object({
    /**
     * True when the window has vibrancy (the macOS menu material, main/config.ts): the page
     * then paints only translucent tints so the material shows through.
     */
    vibrant: z.boolean(),
    /** The system accent colour; null where the system gives none (Linux, the tests): the panel's own blue. */
    accent: HexColorSchema.nullable(),
  })
  .strict();
export type Appearance = z.infer<typeof AppearanceSchema>;

/**
 * Electron's accent colour (systemPreferences.getAccentColor() and the 'accent-color-changed'
 * event give RGBA hex, `"0a84ffff"`; a leading `#` is tolerated) as the page's `#rrggbb`. The
 * alpha is dropped: an accent is painted as an opaque fill. Anything else is no colour (null).
 */
export function accentFromSystem(raw: unknown): string | null {
  const parsed = z.string().regex(/^#?[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/).safeParse(raw);
  if (!parsed.success) return null;
  return `#${parsed.data.replace(/^#/, '').slice(0, 6).toLowerCase()}`;
}
