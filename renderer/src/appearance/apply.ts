import type { Appearance } from '../../../contract/appearance.js';
import type { GlanceApi } from '../bridge.js';
import { accentPalette, type AccentPalette } from './palette.js';

/**
 * The custom properties styles.css reads for the accent, each with the panel's own blue as its
 * fallback there: removing them brings the blue back.
 */
const PROPERTIES: Record<string, keyof AccentPalette> = {
  '--system-accent': 'system',
  '--system-accent-fill': 'fill',
  '--system-on-accent': 'onFill',
  '--system-accent-text-light': 'textLight',
  '--system-accent-text-dark': 'textDark',
  '--system-focus-ring-light': 'ringLight',
  '--system-focus-ring-dark': 'ringDark',
  '--system-selection-light': 'selectionLight',
  '--system-selection-dark': 'selectionDark',
};

/**
 * Paints the page in the appearance main gave: `html.vibrant` when the window has the menu
 * material behind the page (styles.css then paints only translucent tints), and the accent's
 * colours as custom properties (set through the CSSOM, which the page's CSP allows).
 */
function applyAppearance(root: HTMLElement, appearance: Appearance): void {
  root.classList.toggle('vibrant', appearance.vibrant);
  let palette: AccentPalette | null = null;
  try {
    palette = appearance.accent ? accentPalette(appearance.accent) : null;
  } catch {
    // Main sends only #rrggbb (the contract's schema); anything else keeps the panel's blue.
  }
  for (const [property, key] of Object.entries(PROPERTIES)) {
    if (palette) root.style.setProperty(property, palette[key]);
    else root.style.removeProperty(property);
  }
}

/**
 * Asks main for the appearance once and follows its pushes (the system accent changed).
 * A push that arrives before the first answer is newer than it: the answer is then dropped.
 * Returns how to stop following.
 */
export function followAppearance(api: Pick<GlanceApi, 'getAppearance' | 'onAppearance'>, root: HTMLElement): () => void {
  let pushed = false;
  const stop = api.onAppearance((appearance) => {
    pushed = true;
    applyAppearance(root, appearance);
  });
  api.getAppearance().then(
    (appearance) => {
      if (!pushed) applyAppearance(root, appearance);
    },
    // Without an answer the page keeps its opaque look and the panel's blue: still readable.
    () => undefined,
  );
  return stop;
}
