/**
 * The keys that work where the keyboard is, as the footer and the shortcuts sheet name them:
 * Mac glyphs (⌘, ↩, ⎋), never a word for a key. Pure, so both read one list.
 */

/** Where the keyboard is, which decides the keys named. */
export type KeyPlace = 'question' | 'tree' | 'filter' | 'settings' | 'history' | 'other' | 'welcome' | 'problem';

/** One hint: its keys as glyphs and what they do. */
export type Hint = [keys: string, what: string];

const HINTS: Record<KeyPlace, Hint[]> = {
  question: [['↩', 'Ask'], ['↑', 'To the list'], ['⌘F', 'Filter'], ['⌘R', 'Again'], ['⌘,', 'Settings'], ['⎋', 'Close']],
  tree: [['⌫', 'Exclude'], ['⌘Z', 'Undo'], ['←→', 'Fold'], ['⌘F', 'Filter'], ['↩', 'Ask'], ['⎋', 'Close']],
  filter: [['↓', 'To the list'], ['⎋', 'Clear'], ['↩', 'Done']],
  settings: [['⎋', 'Back']],
  history: [['⎋', 'Back to Settings']],
  other: [['↩', 'Ask'], ['⌘R', 'Again'], ['⌘,', 'Settings'], ['⎋', 'Close']],
  welcome: [['⌘,', 'Settings'], ['⎋', 'Close']],
  problem: [['⌘R', 'Try again'], ['⌘,', 'Settings'], ['⎋', 'Close']],
};

/** The footer's room: past three hints it is a row of grey glyphs nobody reads. */
const FOOTER_HINTS = 3;
/** The hint that opens the sheet, in the footer's last place when the rest do not fit. */
const SHEET_HINT: Hint = ['⌘/', 'Shortcuts'];

/** What decides the hints, beyond the place: the words of keys whose effect depends on what is shown. */
export interface HintContext {
  place: KeyPlace;
  /** What Return does where it presses a button (the welcome's or a card's first action). */
  returnWord?: string;
  /** Settings over a collected context: Esc goes back to it (on the welcome or a card, just "Back"). */
  backToContext?: boolean;
  /** What Delete does on the row the keyboard is on, when it does not exclude: "Restore" an excluded row, "Include" a withheld one. */
  deleteWord?: string | undefined;
}

/** Every hint for a place, with the words only the panel knows: what the shortcuts sheet lists. */
export function hintsFor(context: HintContext): Hint[] {
  if (context.place === 'settings' && context.backToContext) return [['⎋', 'Back to the context']];
  const { deleteWord } = context;
  const hints = deleteWord && context.place === 'tree' ? HINTS.tree.map(([keys, what]): Hint => [keys, keys === '⌫' ? deleteWord : what]) : HINTS[context.place];
  if (!context.returnWord) return hints;
  // Return and Cmd-R would both say "Try again": one hint is enough.
  return [['↩', context.returnWord], ...hints.filter(([, what]) => what !== context.returnWord)];
}

/** The footer's few: all of them when they fit, else the first two and the way to the rest (⌘/). */
export function footerHints(context: HintContext): Hint[] {
  const hints = hintsFor(context);
  return hints.length <= FOOTER_HINTS ? hints : [...hints.slice(0, FOOTER_HINTS - 1), SHEET_HINT];
}

const GLYPH_WORDS: Record<string, string> = {
  '⌘': 'Command', '↩': 'Return', '⎋': 'Escape', '⌫': 'Delete', '↑': 'Up Arrow', '↓': 'Down Arrow', ',': 'Comma', '/': 'Slash',
};

/** A hint's keys in words, as VoiceOver users say them: "Command-F", "Left and Right Arrows". */
export function spokenKeys(keys: string): string {
  if (keys === '←→') return 'Left and Right Arrows';
  return [...keys].map((glyph) => GLYPH_WORDS[glyph] ?? glyph).join('-');
}
