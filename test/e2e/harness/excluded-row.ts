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
  /** The row's menu pull-down (the standing rule's way in) whole, inside the row, after Restore. */
  more: boolean;
}

/**
 * Whether an excluded row reads whole: its "excluded" mark not truncated (scrollWidth within
 * clientWidth) and inside the row with Restore, and its menu's pull-down whole after Restore.
 */
export function excludedRowFit(row: Locator): Promise<ExcludedRowFit> {
  return row.evaluate((el): ExcludedRowFit => {
    const part = (selector: string): HTMLElement | null => el.querySelector<HTMLElement>(selector);
    const [mark, inside, restore, more] = ['.row__mark--excluded', '.row__mark--inside', '.row__button:not(.row__more)', '.row__more'].map(part);
    if (!mark || !restore || !more) throw new Error('not a row the user excluded: no "excluded" mark, Restore or its menu');
    const end = el.getBoundingClientRect().right;
    const [restoreBox, moreBox] = [restore.getBoundingClientRect(), more.getBoundingClientRect()];
    return {
      mark: mark.textContent,
      inside: inside?.textContent ?? null,
      whole: mark.scrollWidth <= mark.clientWidth && mark.getBoundingClientRect().right <= end && restoreBox.right <= end,
      insideWhole: inside ? inside.scrollWidth <= inside.clientWidth : true,
      more: moreBox.width >= 20 && moreBox.left >= restoreBox.right && moreBox.right <= end + 0.5,
    };
  });
}
