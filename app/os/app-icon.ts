/**
 * The front app's own icon, for the panel's header, its cards and History: found by the OS's
 * rules (app-icon-linux.ts on Linux; main/app-icon-darwin.ts asks Electron on a Mac) and sent
 * to the page as a data: URL, never a path, so the page reads no file and the CSP's `img-src
 * data:` is all it needs. An icon too large, or of a kind the page should not draw, is none:
 * the panel draws its window glyph instead.
 */

/** The app whose icon is wanted: its bundle id (or Linux stand-in), and its process when it runs. */
interface IconApp {
  bundleId?: string | undefined;
  pid?: number | undefined;
}

/** Finds an app's icon. Resolves undefined for "none" and never throws. */
export interface AppIcons {
  iconOf(app: IconApp): Promise<string | undefined>;
}

/** The largest icon file sent to the page (contract/invocation.ts caps its data: URL to match): a 64-pixel PNG is a few KB. */
export const MAX_ICON_BYTES = 48 * 1024;

/** An icon file's bytes as a data: URL, or undefined when it is too large or not a PNG or SVG. */
export function iconDataUrl(bytes: Uint8Array, kind: 'png' | 'svg'): string | undefined {
  if (bytes.length === 0 || bytes.length > MAX_ICON_BYTES) return undefined;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  if (kind === 'png' && !png) return undefined;
  if (kind === 'svg' && !/<svg[\s>]/.test(Buffer.from(bytes.subarray(0, 4096)).toString('utf8'))) return undefined;
  return `data:image/${kind === 'png' ? 'png' : 'svg+xml'};base64,${Buffer.from(bytes).toString('base64')}`;
}

/**
 * Remembers each app's icon by its bundle id (the lookup reads files or asks the system, and
 * every press and every opening of History asks again), for at most `max` apps. A failed
 * lookup is remembered as none too: an app without an icon stays without one until restart.
 */
export function cachedAppIcons(inner: AppIcons, max = 200): AppIcons {
  const known = new Map<string, Promise<string | undefined>>();
  return {
    iconOf(app) {
      if (app.bundleId === undefined) return inner.iconOf(app).catch(() => undefined);
      const hit = known.get(app.bundleId);
      if (hit !== undefined) return hit;
      const found = inner.iconOf(app).catch(() => undefined);
      known.set(app.bundleId, found);
      if (known.size > max) known.delete(known.keys().next().value as string);
      return found;
    },
  };
}
