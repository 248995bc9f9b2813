import { useEffect, useState, type JSX } from 'react';
import { OVERLAY_FADE_MS, type OverlayApi } from '../../../contract/bridge.js';
import type { Drawing } from '../../../contract/ipc.js';
import { ProviderText } from '../text/ProviderText.js';

/** The label's height above its ring (overlay.css .overlay__label). */
const LABEL_PX = 20;

/**
 * One display's highlights: a ring around each rect, and the element's name in a small label
 * above the first (the app's title, drawn as provider text), in this window's own coordinates (main
 * clipped and translated them with overlaysForRects). The rings fade after the drawing's time,
 * or at once on Esc should the window ever get a key (it is not focusable, so Esc normally
 * reaches the panel, which puts the overlay away). A newer drawing replaces an older one; a
 * drawing arriving out of order (a lower serial) is dropped.
 */
export function Overlay(props: { api: OverlayApi; display: number }): JSX.Element {
  const { api, display } = props;
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    const accept = (next: Drawing | null): void => {
      if (!next) return;
      setDrawing((shown) => (shown && shown.serial > next.serial ? shown : next));
      setFading(false);
    };
    const unsubscribe = api.onDraw(accept);
    void api.getDrawing({ display }).then(accept);
    return unsubscribe;
  }, [api, display]);

  useEffect(() => {
    if (!drawing || drawing.rects.length === 0) return;
    const timer = setTimeout(() => setFading(true), drawing.fadeAfterMs);
    return () => clearTimeout(timer);
  }, [drawing]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setFading(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const first = drawing?.rects[0];
  return (
    <div className={fading ? 'overlay overlay--fading' : 'overlay'} style={{ transitionDuration: `${OVERLAY_FADE_MS}ms` }} data-testid="overlay" aria-hidden="true">
      {(drawing?.rects ?? []).map((rect, index) => (
        <div key={`${drawing?.serial ?? 0}-${index}`} className="overlay__ring" data-testid="overlay-rect" style={{ left: rect.x, top: rect.y, width: rect.w, height: rect.h }} />
      ))}
      {drawing?.label && first ? (
        // Above the first ring, or inside the display's top edge when the ring touches it.
        <div className="overlay__label" data-testid="overlay-label" style={{ left: first.x, top: first.y >= LABEL_PX + 4 ? first.y - LABEL_PX - 4 : first.y + first.h + 4 }}>
          <ProviderText text={drawing.label} />
        </div>
      ) : null}
    </div>
  );
}
