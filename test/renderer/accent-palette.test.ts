// The panel's accent colours derived from the system's (renderer/src/appearance/palette.ts):
// whatever accent the user picks, text on it, accent-coloured text and the focus ring stay
// readable (WCAG AA) in light and dark, and each keeps the accent's hue. The panel in Chromium
// painted with a pushed accent is test/e2e/mac-look.test.ts.
import { describe, expect, it } from 'vitest';
import { accentPalette, contrast, parseHex } from '../../renderer/src/appearance/palette.js';

/** macOS's accent colours (light and dark appearance), Windows' default, and extremes. */
const ACCENTS = ['#007aff', '#0a84ff', '#a550a7', '#f74f9e', '#e0383e', '#f7821b', '#ffc600', '#62ba46', '#28cd41', '#8c8c8c', '#0078d4', '#ffffff', '#000000', '#00ffff', '#ff00ff', '#777777'];
const LIGHT_GROUNDS = ['#ffffff', '#ececee', '#d4d4d6'];
const DARK_GROUNDS = ['#1e1e1e', '#29292c', '#3f3f42'];

const ratio = (a: string, b: string): number => contrast(parseHex(a), parseHex(b));

/** CSS color-mix(in srgb, a, b t). */
function mixHex(a: string, b: string, t: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  return `#${x.map((v, i) => Math.round(v * (1 - t) + (y[i] ?? 0) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** Hue in degrees, for colours that have one. */
function hue(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('accentPalette', () => {
  it.each(ACCENTS)('%s: text on the fill at 4.5:1, accent text at 4.5:1 and the ring at 3:1 on every ground', (accent) => {
    const p = accentPalette(accent);
    expect(ratio(p.fill, p.onFill)).toBeGreaterThanOrEqual(4.5);
    // Under what a control in the current row paints over the fill (Restore: 13% white in dark, 10% black in light).
    for (const [toward, by] of [['#ffffff', 0.13], ['#000000', 0.1]] as const) expect(ratio(mixHex(p.fill, toward, by), p.onFill), `under ${toward} at ${by}`).toBeGreaterThanOrEqual(4.5);
    for (const ground of LIGHT_GROUNDS) {
      expect(ratio(p.textLight, ground), `text on ${ground}`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.ringLight, ground), `ring on ${ground}`).toBeGreaterThanOrEqual(3);
    }
    for (const ground of DARK_GROUNDS) {
      expect(ratio(p.textDark, ground), `text on ${ground}`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.ringDark, ground), `ring on ${ground}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(ACCENTS)('%s: a selection the text reads on (4.5:1), light and dark, and a tint rather than the accent itself', (accent) => {
    const p = accentPalette(accent);
    // The text on it: --text over the selection (86% black in light, 90% white in dark).
    expect(ratio(p.selectionLight, '#1d1d1f')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(p.selectionDark, '#e6e6e6')).toBeGreaterThanOrEqual(4.5);
    // Apart from the window it sits in: a selection that reads as one, not a wash.
    expect(ratio(p.selectionDark, '#29292c')).toBeGreaterThan(1.3);
  });

  it("macOS's blue gives the Mac's own selected-text colour in light, and a clear blue (no olive) in dark", () => {
    expect(accentPalette('#007aff')).toMatchObject({ selectionLight: '#b3d7ff', selectionDark: '#0e5eb5' });
  });

  it.each(ACCENTS.filter((a) => !/^#(?:(\w\w)\1\1)$/.test(a)))('%s keeps its hue in every derived colour', (accent) => {
    const p = accentPalette(accent);
    for (const derived of [p.fill, p.textLight, p.textDark, p.ringLight, p.ringDark]) {
      const apart = Math.abs(hue(derived) - hue(accent));
      expect(Math.min(apart, 360 - apart), derived).toBeLessThan(4);
    }
  });

  it("white text on macOS's blue, a little darker, as the Mac's own buttons (the panel's own blue is this one); a colour is left alone where it already reads", () => {
    expect(accentPalette('#007aff')).toMatchObject({ system: '#007aff', fill: '#0063cf', onFill: '#ffffff' });
    expect(accentPalette('#a550a7')).toMatchObject({ fill: '#914693', onFill: '#ffffff', ringLight: '#a550a7' });
  });

  it('dark text on an accent too light for white text without turning it brown (yellow, orange, green)', () => {
    for (const accent of ['#ffc600', '#f7821b', '#62ba46', '#28cd41']) expect(accentPalette(accent), accent).toMatchObject({ fill: accent, onFill: '#1d1d1f' });
    // Pink and red darken enough for white text within the limit.
    for (const accent of ['#f74f9e', '#e0383e']) expect(accentPalette(accent).onFill, accent).toBe('#ffffff');
  });

  it('refuses anything but #rrggbb', () => {
    for (const bad of ['red', '#fff', '#0a84ffff', '0a84ff', '']) expect(() => accentPalette(bad), bad).toThrow(/not a #rrggbb colour/);
  });
});
