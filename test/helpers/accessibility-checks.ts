/**
 * What the accessibility tests check with: the reader's helper processes among ours (a stalled
 * or leftover one shows here), and rectangles compared within 2 px of where the app itself
 * draws them.
 */
import { readFileSync } from 'node:fs';
import type { Rect } from '@app-context/provider-kit/protocol';
import { expect } from 'vitest';
import { descendants } from './desktop-session.js';

/** The reader's helper processes: our descendants running atspi-reader.py. */
export function readerHelpers(): number[] {
  return descendants(process.pid)
    .map((p) => p.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('atspi-reader.py');
      } catch {
        return false;
      }
    });
}

/** One rectangle per wanted one, each side within 2 px. */
export function expectNear(actual: Rect[] | undefined, wanted: Rect[]): void {
  expect(actual).toHaveLength(wanted.length);
  actual?.forEach((rect, i) => {
    for (const key of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(rect[key] - (wanted[i]?.[key] ?? Number.NaN)), `${key} of line ${i + 1}: ${JSON.stringify(rect)} vs ${JSON.stringify(wanted[i])}`).toBeLessThanOrEqual(2);
  });
}
