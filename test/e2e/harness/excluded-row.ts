import type { Locator } from 'playwright-core';

/** How an excluded row is drawn, read off the page (see excludedRowFit). */
export interface ExcludedRowFit {
  /** The "excluded" mark's text. */
  mark: string | null;
  /** "with 3 inside", or null when nothing went with it. */
  inside: string | null;
  /** The mark whole (not cut) and Restore inside the row. */
  whole: boolean;
  /** "with 3 inside" not cut. */
  insideWhole: boolean;
  /** The Always offer: whole in its one-line box, wrapped wholly out of it, or (never wanted) cut. */
  always: 'shown' | 'aside' | 'cut';
}

/**
 * Whether an excluded row reads whole: its "excluded" mark not truncated (scrollWidth within
 * clientWidth) and inside the row with Restore, and its Always offer shown whole or wholly aside.
 */
export function excludedRowFit(row: Locator): Promise<ExcludedRowFit> {
  return row.evaluate((el): ExcludedRowFit => {
    const part = (selector: string): HTMLElement | null => el.querySelector<HTMLElement>(selector);
    const [mark, inside, restore, offer, always] = ['.row__mark--excluded', '.row__mark--inside', '.row__restore', '.row__offer', '.row__always'].map(part);
    if (!mark || !restore || !offer || !always) throw new Error('not a row the user excluded: no "excluded" mark, Restore or Always');
    const end = el.getBoundingClientRect().right;
    const [box, button] = [offer.getBoundingClientRect(), always.getBoundingClientRect()];
    const shown = button.top >= box.top && button.bottom <= box.bottom + 0.5 && button.right <= box.right + 0.5;
    return {
      mark: mark.textContent,
      inside: inside?.textContent ?? null,
      whole: mark.scrollWidth <= mark.clientWidth && mark.getBoundingClientRect().right <= end && restore.getBoundingClientRect().right <= end,
      insideWhole: inside ? inside.scrollWidth <= inside.clientWidth : true,
      always: shown ? 'shown' : button.top >= box.bottom ? 'aside' : 'cut',
    };
  });
}
