/**
 * The screen as Electron describes it, for the pure geometry beside it: global DIPs (macOS
 * points), origin top-left of the primary display, negative on displays left of or above it.
 * Structurally Electron's `Rectangle` and the two rects of its `Display`, so main passes
 * Electron's values as they are. (An element's rect is the protocol's `Rect`, {x, y, w, h}:
 * app/protocol/location.ts.)
 */

/** A rectangle as Electron gives display and tray bounds. */
export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the geometry needs of a display: its full bounds and the part windows may use. */
export interface DisplayArea {
  bounds: ScreenRect;
  workArea: ScreenRect;
}
