import { useEffect, useRef, useState, type RefObject } from 'react';
import { PANEL_SIZE } from '../../../contract/appearance.js';

/** Rows drawn beyond the edges of the view (ten rows of 24 px), so a fast scroll or a key press shows no blank. */
const OVERSCAN_PX = 240;
/**
 * The view's height before it is measured: the panel's whole height, so the first paint has
 * every row it needs. Measuring at once would force a layout and a second render before that
 * paint; the ResizeObserver tells the real height a moment later.
 */
const FIRST_GUESS_PX: number = PANEL_SIZE.height;

/** The scrolled view of a list whose rows all have one height. */
export interface ListWindow {
  scroller: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  /** The list's full height. */
  total: number;
  /** Where row `index` starts. */
  offsetOf(index: number): number;
  /** The rows in or near the view: [first, last). */
  first: number;
  last: number;
  /** Rows that fit in the view, for Page Up and Page Down. */
  perPage: number;
  /** Scrolls just enough to show row `index` whole. */
  reveal(index: number): void;
}

/**
 * Windowing for a list of `count` rows of `rowPx` each (a provider may send 20,000 elements):
 * tracks the scroll container's height and position and says which rows to draw. With one
 * height for every row, where a row sits is a multiplication, at any length.
 */
export function useWindow(count: number, rowPx: number): ListWindow {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: FIRST_GUESS_PX });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setView((v) => (v.height === element.clientHeight ? v : { ...v, height: element.clientHeight })));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const clamp = (row: number): number => Math.max(0, Math.min(count, row));
  const first = clamp(Math.floor((view.top - OVERSCAN_PX) / rowPx));
  const last = clamp(Math.ceil((view.top + view.height + OVERSCAN_PX) / rowPx));

  return {
    scroller,
    onScroll: () => {
      const element = scroller.current;
      if (element) setView((v) => (v.top === element.scrollTop ? v : { ...v, top: element.scrollTop }));
    },
    total: count * rowPx,
    offsetOf: (index) => index * rowPx,
    first,
    last,
    perPage: Math.max(1, Math.floor(view.height / rowPx) - 1),
    reveal: (index) => {
      const element = scroller.current;
      if (!element) return;
      const start = index * rowPx;
      const end = start + rowPx;
      let top = element.scrollTop;
      if (start < top) top = start;
      else if (end > top + element.clientHeight) top = end - element.clientHeight;
      if (top === element.scrollTop) return;
      element.scrollTop = top;
      // Drawn in this same render rather than after the scroll event: no blank frame.
      setView((v) => ({ ...v, top: element.scrollTop }));
    },
  };
}
