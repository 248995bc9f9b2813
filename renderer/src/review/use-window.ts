import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** Rows drawn beyond the edges of the view, so a fast scroll or a key press shows no blank. */
const OVERSCAN_PX = 400;

/** The scrolled view of a list whose rows have known heights. */
export interface ListWindow {
  scroller: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  /** The list's full height, and where each row starts (offsets[i]) and ends (offsets[i + 1]). */
  total: number;
  offsets: Float64Array;
  /** The rows in or near the view: [first, last). */
  first: number;
  last: number;
  /** The view's width, which the row heights depend on. */
  width: number;
  /** Scrolls just enough to show row `index` whole. */
  reveal(index: number): void;
  /** The row at `offset` pixels from the top of the list. */
  rowAt(offset: number): number;
}

/** The last row starting at or before `offset` (binary search: 20,000 rows, every scroll event). */
function search(offsets: Float64Array, count: number, offset: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((offsets[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/**
 * Windowing: tracks the scroll container's size and position and says which rows to draw.
 * `heightOf(i, width)` gives each row's height; offsets are recomputed when the rows or the
 * width change, not when the view scrolls.
 */
export function useWindow(count: number, heightOf: (index: number, width: number) => number): ListWindow {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 480, width: 380 });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const measure = (): void => setView((v) => (v.height === element.clientHeight && v.width === element.clientWidth ? v : { ...v, height: element.clientHeight, width: element.clientWidth }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const offsets = useMemo(() => {
    const out = new Float64Array(count + 1);
    for (let i = 0; i < count; i += 1) out[i + 1] = (out[i] ?? 0) + heightOf(i, view.width);
    return out;
  }, [count, heightOf, view.width]);

  const rowAt = (offset: number): number => search(offsets, count, offset);
  const first = rowAt(view.top - OVERSCAN_PX);
  const last = Math.min(count, rowAt(view.top + view.height + OVERSCAN_PX) + 1);

  return {
    scroller,
    onScroll: () => {
      const element = scroller.current;
      if (element) setView((v) => (v.top === element.scrollTop ? v : { ...v, top: element.scrollTop }));
    },
    total: offsets[count] ?? 0,
    offsets,
    first,
    last,
    width: view.width,
    reveal: (index) => {
      const element = scroller.current;
      const start = offsets[index] ?? 0;
      const end = offsets[index + 1] ?? start;
      if (!element) return;
      let top = element.scrollTop;
      if (start < top) top = start;
      else if (end > top + element.clientHeight) top = end - element.clientHeight;
      if (top === element.scrollTop) return;
      element.scrollTop = top;
      // Drawn in this same render rather than after the scroll event: no blank frame.
      setView((v) => ({ ...v, top: element.scrollTop }));
    },
    rowAt,
  };
}
