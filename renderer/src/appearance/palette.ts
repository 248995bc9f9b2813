/**
 * The panel's accent colours derived from the system accent, so that whatever the user picked
 * in System Settings the panel stays readable (WCAG AA): text on an accent fill at 4.5:1,
 * accent-coloured text at 4.5:1 and the focus ring at 3:1 against the grounds they sit on, in
 * light and dark. Each colour keeps the accent's hue; only its lightness moves, as far as the
 * ratio needs (the formulas are WCAG 2.2's relative luminance and contrast ratio; the mixing is
 * CSS's `color-mix(in srgb, …)`). Pure: the e2e tests compute the colours they expect with it.
 */

type Rgb = readonly [number, number, number];

/** Text on an accent fill, and accent-coloured text (WCAG AA, normal text). */
const TEXT_RATIO = 4.5;
/** A focus ring against what surrounds it (WCAG 2.2, non-text contrast). */
const RING_RATIO = 3;
/**
 * The darkest ground accent-coloured text and rings sit on in light (the window, #ececee,
 * under the strongest hover fill), and the lightest in dark (#29292c under its fill): the
 * worst case for each (renderer/src/styles.css).
 */
const LIGHT_GROUND: Rgb = [212, 212, 214];
const DARK_GROUND: Rgb = [63, 63, 66];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** The window's colour in dark (styles.css --window), where the dark selection tint mixes toward. */
const DARK_WINDOW: Rgb = [41, 41, 44];
/** The text on a selection, dark: --text's 90% white, as it shows over the darkest ground. */
const DARK_SELECTION_TEXT: Rgb = [230, 230, 230];
/**
 * How far a selection starts from the accent: as macOS tints selected text, light enough (or,
 * in dark, deep enough) that the words on it stay the words' own colour.
 */
const SELECTION_LIGHT_START = 0.7;
const SELECTION_DARK_START = 0.35;
/** Dark text on a light accent (yellow), the system's near-black label colour. */
const DARK_TEXT: Rgb = [29, 29, 31];
/**
 * What a control on a fill paints over it (the Restore button in the current row: --fill-strong,
 * 13% white in dark, 10% black in light; renderer/src/styles.css): text on a fill must read on
 * those too, so each fill is checked under the overlay that lowers its contrast.
 */
const LIGHTER_ON_FILL = 0.13;
const DARKER_ON_FILL = 0.1;
/**
 * How far toward black a fill may go under white text before it stops looking like the
 * user's colour (a yellow would turn olive): past this, the text turns dark instead.
 */
const MAX_DARKENING = 0.3;

/** What the stylesheet paints with the accent (custom properties set by apply.ts). */
export interface AccentPalette {
  /** The accent as the system gave it. */
  system: string;
  /** Fills: the primary button, the current row, the question bubble, switches. */
  fill: string;
  /** Text and icons on a fill. */
  onFill: string;
  /** Accent-coloured text and icons (links, marks), light and dark. */
  textLight: string;
  textDark: string;
  /** The keyboard focus ring, light and dark. */
  ringLight: string;
  ringDark: string;
  /**
   * Selected text (::selection) and the app's selection in the tree, light and dark: the
   * accent tinted toward the window, the text on it at 4.5:1, never a grey-yellow wash.
   */
  selectionLight: string;
  selectionDark: string;
}

/** The panel's colours for a system accent `#rrggbb`. */
export function accentPalette(accent: string): AccentPalette {
  const rgb = parseHex(accent);
  const fill = deriveFill(rgb);
  const toward = (target: Rgb, ground: Rgb, ratio: number): string => toHex(firstMix(rgb, target, (c) => contrast(c, ground) >= ratio).colour);
  return {
    system: toHex(rgb),
    fill: toHex(fill.fill),
    onFill: toHex(fill.on),
    textLight: toward(BLACK, LIGHT_GROUND, TEXT_RATIO),
    textDark: toward(WHITE, DARK_GROUND, TEXT_RATIO),
    ringLight: toward(BLACK, LIGHT_GROUND, RING_RATIO),
    ringDark: toward(WHITE, DARK_GROUND, RING_RATIO),
    selectionLight: toHex(firstMix(mix(rgb, WHITE, SELECTION_LIGHT_START), WHITE, (c) => contrast(c, DARK_TEXT) >= TEXT_RATIO).colour),
    selectionDark: toHex(firstMix(mix(rgb, DARK_WINDOW, SELECTION_DARK_START), BLACK, (c) => contrast(c, DARK_SELECTION_TEXT) >= TEXT_RATIO).colour),
  };
}

/** White text on the accent darkened a little, as macOS does; dark text on an accent too light for that. */
function deriveFill(rgb: Rgb): { fill: Rgb; on: Rgb } {
  const underWhite = firstMix(rgb, BLACK, (c) => contrast(mix(c, WHITE, LIGHTER_ON_FILL), WHITE) >= TEXT_RATIO);
  if (underWhite.by <= MAX_DARKENING) return { fill: underWhite.colour, on: WHITE };
  return { fill: firstMix(rgb, WHITE, (c) => contrast(mix(c, BLACK, DARKER_ON_FILL), DARK_TEXT) >= TEXT_RATIO).colour, on: DARK_TEXT };
}

/** The least mix of `rgb` toward `target`, in steps of 1%, that passes (`target` itself at worst), and how far it went. */
function firstMix(rgb: Rgb, target: Rgb, passes: (colour: Rgb) => boolean): { colour: Rgb; by: number } {
  for (let percent = 0; percent <= 100; percent += 1) {
    const colour = mix(rgb, target, percent / 100);
    if (passes(colour)) return { colour, by: percent / 100 };
  }
  return { colour: target, by: 1 };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round((a[i] ?? 0) * (1 - t) + (b[i] ?? 0) * t)) as unknown as Rgb;
}

/** WCAG 2.2 relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio between two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `#rrggbb` to its channels; throws on anything else (the contract has checked it already). */
export function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1] ?? '0', 16), parseInt(match[2] ?? '0', 16), parseInt(match[3] ?? '0', 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
