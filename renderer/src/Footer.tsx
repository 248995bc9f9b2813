import type { JSX } from 'react';

/** Where the keyboard is, which decides the keys the footer names. */
export type KeyPlace = 'question' | 'tree' | 'filter' | 'settings' | 'history' | 'other' | 'welcome' | 'problem';

/** One hint: its keys as glyphs and what they do. */
type Hint = [keys: string, what: string];

const HINTS: Record<KeyPlace, Hint[]> = {
  question: [['↩', 'Ask'], ['↑', 'Review'], ['⌘R', 'Again'], ['⌘,', 'Settings'], ['esc', 'Close']],
  tree: [['⌫', 'Exclude'], ['⌘Z', 'Undo'], ['←→', 'Fold'], ['↩', 'Ask'], ['esc', 'Close']],
  filter: [['↓', 'To the list'], ['esc', 'Clear'], ['↩', 'Done']],
  settings: [['esc', 'Back to the context']],
  history: [['esc', 'Back to Settings']],
  other: [['↩', 'Ask'], ['⌘R', 'Again'], ['⌘,', 'Settings'], ['esc', 'Close']],
  welcome: [['⌘,', 'Settings'], ['esc', 'Close']],
  problem: [['⌘R', 'Try again'], ['⌘,', 'Settings'], ['esc', 'Close']],
};

/**
 * The keys that work where the keyboard is, quietly, at the foot of the panel: how a user
 * learns that Backspace excludes and Cmd-Z brings it back. Decorative for screen readers
 * (each control says its own keys through aria-keyshortcuts and its label).
 */
export function Footer(props: { place: KeyPlace }): JSX.Element {
  return (
    <footer className="footer" aria-hidden="true" data-testid="footer">
      {HINTS[props.place].map(([keys, what]) => (
        <span key={what} className="footer__hint"><kbd className="footer__key">{keys}</kbd>{what}</span>
      ))}
    </footer>
  );
}
