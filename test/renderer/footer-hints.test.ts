// The footer says what the keys do where the keyboard is (renderer/src/keys/hints.ts): on an
// excluded row Delete restores it and on a withheld one it includes it, so the footer and the
// shortcuts sheet must not say "Exclude" there.
import { describe, expect, it } from 'vitest';
import { footerHints, hintsFor } from '../../renderer/src/keys/hints.js';

describe('the footer on a row', () => {
  it('names what Delete does on the row: Exclude, Restore an excluded one, Include a withheld one', () => {
    expect(footerHints({ place: 'tree' })).toEqual([['⌫', 'Exclude'], ['⌘Z', 'Undo'], ['⌘/', 'Shortcuts']]);
    expect(footerHints({ place: 'tree', deleteWord: 'Restore' })).toEqual([['⌫', 'Restore'], ['⌘Z', 'Undo'], ['⌘/', 'Shortcuts']]);
    expect(hintsFor({ place: 'tree', deleteWord: 'Include' })[0]).toEqual(['⌫', 'Include']);
    // Elsewhere Delete is no key of the place's: the word changes nothing.
    expect(footerHints({ place: 'question', deleteWord: 'Restore' })).toEqual(footerHints({ place: 'question' }));
  });
});
