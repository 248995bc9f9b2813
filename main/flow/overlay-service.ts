import { overlaysForRects, type OverlayDisplay } from '../../app/host.js';
import { MAX_RECTS, type Rect } from '@app-context/provider-kit/protocol';
import { OVERLAY_FADE_MS } from '../../contract/bridge.js';
import type { Drawing } from '../../contract/ipc.js';

/**
 * What the overlay shows, without Electron: which display draws which rects (the core's
 * overlaysForRects), the serial that lets a page drop a stale drawing, and the timer that puts
 * the overlay away. main/windows/overlay.ts owns the windows; the e2e server passes its own.
 */

/** How long a highlight stays before it fades; the fade's own time is the page's (contract/bridge.ts, OVERLAY_FADE_MS). */
export const OVERLAY_SHOW_MS = 4000;
/** Points around each rect, so the ring sits around the text instead of on it. */
const OVERLAY_OUTSET = 3;

/** The windows, one per display, created when first needed. */
export interface OverlayWindows {
  /** Draws on the display's window (creating it) and shows it without taking focus. */
  draw(display: OverlayDisplay, drawing: Drawing): void;
  /** Hides every overlay window (they stay created for the next highlight). */
  hideAll(): void;
}

/** The overlay as the agent and the IPC handlers use it. */
export interface OverlayService {
  /**
   * Draws these global rects (points, origin top-left of the primary display): the first
   * MAX_RECTS of them. One location gives at most that many (readLocation); several elements
   * highlighted together could give more, and a drawing larger than the IPC contract allows
   * would not reach the page at all. `label` names the element beside its ring.
   */
  show(rects: readonly Rect[], label?: string): void;
  hide(): void;
  /** What a display's window draws now, for a page that has just loaded. */
  drawing(displayId: number): Drawing | null;
}

/** What the service needs. */
export interface OverlayServiceDeps {
  displays(): OverlayDisplay[];
  windows: OverlayWindows;
  showMs?: number;
  fadeMs?: number;
}

/** An overlay service; one per app. */
export function createOverlayService(deps: OverlayServiceDeps): OverlayService {
  const showMs = deps.showMs ?? OVERLAY_SHOW_MS;
  const fadeMs = deps.fadeMs ?? OVERLAY_FADE_MS;
  let serial = 0;
  let drawings = new Map<number | string, Drawing>();
  let timer: NodeJS.Timeout | undefined;

  const hide = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (drawings.size === 0) return;
    drawings = new Map();
    deps.windows.hideAll();
  };

  return {
    show(rects, label) {
      clearTimeout(timer);
      serial += 1;
      const displays = deps.displays();
      const next = new Map<number | string, Drawing>();
      const drawn = rects.length > MAX_RECTS ? rects.slice(0, MAX_RECTS) : rects;
      // Each rect gives a display at most one part, so no display gets more than MAX_RECTS.
      for (const overlay of overlaysForRects(drawn, displays, { outset: OVERLAY_OUTSET })) {
        next.set(overlay.displayId, label ? { serial, rects: overlay.rects, fadeAfterMs: showMs, label } : { serial, rects: overlay.rects, fadeAfterMs: showMs });
      }
      // A display that drew the previous highlight and has nothing now is cleared, not left stale.
      for (const display of displays) {
        const drawing = next.get(display.id) ?? (drawings.has(display.id) ? { serial, rects: [], fadeAfterMs: 0 } : undefined);
        if (drawing) deps.windows.draw(display, drawing);
      }
      drawings = next;
      if (next.size === 0) return;
      // The page fades the rects itself; afterwards the windows are hidden, not left transparent on top.
      timer = setTimeout(hide, showMs + fadeMs);
    },
    hide,
    drawing: (displayId) => drawings.get(displayId) ?? null,
  };
}
