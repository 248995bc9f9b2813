/**
 * Where the panel goes: under the tray icon, on the display the icon is on, inside that
 * display's work area. Pure, so it is unit-tested without Electron, as all geometry in the core is.
 * Coordinates are Electron's DIPs (macOS points, origin top-left of the primary display);
 * displays left of or above the primary one have negative coordinates.
 */
import type { DisplayArea, ScreenRect } from './screen.js';

/** The inputs: the tray icon's bounds, the panel's size, every display. */
export interface PanelPositionInput {
  tray: ScreenRect;
  panel: { width: number; height: number };
  displays: readonly DisplayArea[];
  /** Space between the icon (or the menu bar) and the panel, in points. */
  gap?: number;
}

/** The panel's top-left corner, in whole points (Electron refuses fractional positions). */
export interface Point {
  x: number;
  y: number;
}

const DEFAULT_GAP = 4;

/** The display holding the tray icon's centre, or the nearest one when none holds it. */
export function displayForPoint(point: Point, displays: readonly DisplayArea[]): DisplayArea | undefined {
  let best: DisplayArea | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const display of displays) {
    const distance = distanceToRect(point, display.bounds);
    if (distance < bestDistance) {
      best = display;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The panel's position: horizontally centred on the icon, just below the menu bar when the
 * icon is in the top half of its display (macOS), just above it when the icon is in the bottom
 * half (a bottom task bar elsewhere), then clamped so the whole panel stays in the work area.
 * A panel larger than the work area is pinned to the work area's top-left corner.
 */
export function panelPosition(input: PanelPositionInput): Point {
  const { tray, panel } = input;
  const gap = input.gap ?? DEFAULT_GAP;
  const centre = { x: tray.x + tray.width / 2, y: tray.y + tray.height / 2 };
  const display = displayForPoint(centre, input.displays);
  // Electron reports no display only while displays change: keep the panel under the icon.
  if (!display) return { x: Math.round(centre.x - panel.width / 2), y: Math.round(tray.y + tray.height + gap) };
  const area = display.workArea;
  const iconAtTop = centre.y < display.bounds.y + display.bounds.height / 2;

  const wantedX = centre.x - panel.width / 2;
  const wantedY = iconAtTop
    ? Math.max(tray.y + tray.height, area.y) + gap
    : Math.min(tray.y, area.y + area.height) - gap - panel.height;

  return {
    x: Math.round(clamp(wantedX, area.x, area.x + area.width - panel.width)),
    y: Math.round(clamp(wantedY, area.y, area.y + area.height - panel.height)),
  };
}

/** Clamps into [min, max]; when the range is empty (too large a panel) the minimum wins. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/** Zero inside the rectangle, else the straight-line distance to its nearest edge. */
function distanceToRect(point: Point, rect: ScreenRect): number {
  const dx = Math.max(rect.x - point.x, 0, point.x - (rect.x + rect.width));
  const dy = Math.max(rect.y - point.y, 0, point.y - (rect.y + rect.height));
  return Math.hypot(dx, dy);
}
