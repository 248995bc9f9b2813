import { useEffect } from 'react';

/**
 * Puts a mark on the page's performance timeline at the first paint after `key` changes (a
 * frame, then a task after it: the frame has been drawn by then). A benchmark reads the marks
 * from inside the page (`performance.getEntriesByName`), so the time to the tree painted is the
 * page's own, not a test's polling. Costs one frame callback per tree; nothing is sent anywhere.
 */
export function usePaintMark(name: string, key: unknown): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => performance.mark(name), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [name, key]);
}
