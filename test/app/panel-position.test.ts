import { describe, expect, it } from 'vitest';
import { displayForPoint, panelPosition } from '../../app/geometry/panel-position.js';
import type { DisplayArea } from '../../app/geometry/screen.js';

// A MacBook display with a 25-point menu bar, and displays arranged around it.
const primary: DisplayArea = { bounds: { x: 0, y: 0, width: 1512, height: 982 }, workArea: { x: 0, y: 25, width: 1512, height: 957 } };
const leftOfPrimary: DisplayArea = { bounds: { x: -1920, y: -200, width: 1920, height: 1080 }, workArea: { x: -1920, y: -175, width: 1920, height: 1055 } };
const abovePrimary: DisplayArea = { bounds: { x: 200, y: -1440, width: 2560, height: 1440 }, workArea: { x: 200, y: -1415, width: 2560, height: 1415 } };
const panel = { width: 420, height: 580 };

describe('panelPosition', () => {
  it('centres the panel under the tray icon, below the menu bar', () => {
    const tray = { x: 1100, y: 0, width: 24, height: 24 };
    expect(panelPosition({ tray, panel, displays: [primary] })).toEqual({ x: 1112 - 210, y: 25 + 4 });
  });

  it('keeps the panel inside the work area when the icon is near the right edge', () => {
    const tray = { x: 1480, y: 0, width: 24, height: 24 };
    expect(panelPosition({ tray, panel, displays: [primary] })).toEqual({ x: 1512 - 420, y: 29 });
  });

  it('keeps the panel inside the work area when the icon is near the left edge', () => {
    const tray = { x: 10, y: 0, width: 24, height: 24 };
    expect(panelPosition({ tray, panel, displays: [primary] }).x).toBe(0);
  });

  it('uses the display the icon is on: a secondary display with negative coordinates', () => {
    const tray = { x: -400, y: -200, width: 24, height: 24 };
    const position = panelPosition({ tray, panel, displays: [primary, leftOfPrimary] });
    expect(position).toEqual({ x: Math.round(-388 - 210), y: -175 + 4 });
    expect(position.x + panel.width).toBeLessThanOrEqual(0);
  });

  it('uses a display above the primary one (negative y)', () => {
    const tray = { x: 2700, y: -1440, width: 24, height: 24 };
    const position = panelPosition({ tray, panel, displays: [primary, abovePrimary] });
    expect(position).toEqual({ x: 200 + 2560 - 420, y: -1415 + 4 });
  });

  it('places the panel above an icon in the bottom half (a bottom task bar)', () => {
    const display: DisplayArea = { bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
    const tray = { x: 1800, y: 1048, width: 24, height: 24 };
    expect(panelPosition({ tray, panel, displays: [display] })).toEqual({ x: 1500, y: 1040 - 4 - 580 });
  });

  it('rounds fractional tray bounds to whole points', () => {
    const tray = { x: 1100.4, y: 0.3, width: 23.5, height: 22.2 };
    const position = panelPosition({ tray, panel, displays: [primary] });
    expect(Number.isInteger(position.x) && Number.isInteger(position.y)).toBe(true);
  });

  it('pins a panel larger than the work area to its top-left corner', () => {
    const small: DisplayArea = { bounds: { x: 0, y: 0, width: 400, height: 500 }, workArea: { x: 0, y: 25, width: 400, height: 475 } };
    expect(panelPosition({ tray: { x: 300, y: 0, width: 24, height: 24 }, panel, displays: [small] })).toEqual({ x: 0, y: 25 });
  });

  it('falls back to the nearest display when the icon is on none', () => {
    expect(displayForPoint({ x: 1600, y: 10 }, [leftOfPrimary, primary])).toBe(primary);
    expect(displayForPoint({ x: -2000, y: 0 }, [primary, leftOfPrimary])).toBe(leftOfPrimary);
  });

  it('still answers with no display at all', () => {
    expect(panelPosition({ tray: { x: 100, y: 0, width: 20, height: 20 }, panel, displays: [] })).toEqual({ x: -100, y: 24 });
  });
});
