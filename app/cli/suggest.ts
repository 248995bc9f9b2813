/**
 * "Did you mean": the closest of a few known words to a mistyped one, by edit distance (a
 * swap of two neighbours counts as one edit, as in "tiemout"), or by prefix ("check" for
 * "check-provider"). Nothing is suggested when no word is close: a wild guess misleads.
 */

/** Edits that turn `a` into `b`: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  const at = (i: number, j: number): number => (rows[i] as number[])[j] as number;
  for (let j = 0; j <= b.length; j += 1) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The known word closest to `word`, or undefined when none is close enough to suggest. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  if (typed === '' || typed.length > 64) return undefined;
  // Up to 1 edit for short words, 2 from five letters on: "jsn" is json, "x" is nothing.
  const allowed = typed.length < 5 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { word: candidate, distance };
  }
  if (best !== undefined) return best.word;
  const prefixed = known.filter((candidate) => typed.length >= 3 && candidate.toLowerCase().startsWith(typed));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** "; did you mean X?" for the closest known word, or nothing: for option values as for commands. */
export function didYouMean(word: string, known: readonly string[]): string {
  const guess = closest(word, known);
  return guess === undefined ? '' : `; did you mean ${guess}?`;
}
