import type { JSX } from 'react';

/** Where the keyboard is, which decides the keys the footer names. */
export type KeyPlace = 'question' | 'tree' | 'filter' | 'settings' | 'history' | 'other' | 'welcome' | 'problem';

/** One hint: its keys as glyphs and what they do. */
type Hint = [keys: string, what: string];

const HINTS: Record<KeyPlace, Hint[]> = {
  question: [['↩', 'Ask'], ['↑', 'To the list'], ['⌘F', 'Filter'], ['⌘R', 'Again'], ['⌘,', 'Settings'], ['esc', 'Close']],
  tree: [['⌫', 'Exclude'], ['⌘Z', 'Undo'], ['←→', 'Fold'], ['⌘F', 'Filter'], ['↩', 'Ask'], ['esc', 'Close']],
  filter: [['↓', 'To the list'], ['esc', 'Clear'], ['↩', 'Done']],
  settings: [['esc', 'Back']],
  history: [['esc', 'Back to Settings']],
  other: [['↩', 'Ask'], ['⌘R', 'Again'], ['⌘,', 'Settings'], ['esc', 'Close']],
  welcome: [['⌘,', 'Settings'], ['esc', 'Close']],
  problem: [['⌘R', 'Try again'], ['⌘,', 'Settings'], ['esc', 'Close']],
};

/** What the footer says, beyond the place: the words of keys whose effect depends on what is shown. */
export interface FooterProps {
  place: KeyPlace;
  /** What Return does where it presses a button (the welcome's or a card's first action). */
  returnWord?: string;
  /** Settings over a collected context: Esc goes back to it (on the welcome or a card, just "Back"). */
  backToContext?: boolean;
}

/** The hints for a place, with the words only the panel knows. */
function hintsFor(props: FooterProps): Hint[] {
  if (props.place === 'settings' && props.backToContext) return [['esc', 'Back to the context']];
  const hints = HINTS[props.place];
  if (!props.returnWord) return hints;
  // Return and Cmd-R would both say "Try again": one hint is enough.
  return [['↩', props.returnWord], ...hints.filter(([, what]) => what !== props.returnWord)];
}

/**
 * The keys that work where the keyboard is, quietly, at the foot of the panel: how a user
 * learns that Backspace excludes and Cmd-Z brings it back. Decorative for screen readers
 * (each control says its own keys through aria-keyshortcuts and its label).
 */
export function Footer(props: FooterProps): JSX.Element {
  return (
    <footer className="footer" aria-hidden="true" data-testid="footer">
      {hintsFor(props).map(([keys, what]) => (
        <span key={what} className="footer__hint"><kbd className="footer__key">{keys}</kbd>{what}</span>
      ))}
    </footer>
  );
}
