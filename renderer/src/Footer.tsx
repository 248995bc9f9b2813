import type { JSX } from 'react';
import { footerHints, type HintContext } from './keys/hints.js';

/**
 * The keys that work where the keyboard is, quietly, at the foot of the panel: how a user
 * learns that Backspace excludes and Cmd-Z brings it back. At most three; the rest are in the
 * shortcuts sheet (⌘/). Decorative for screen readers (each control says its own keys through
 * aria-keyshortcuts and its label, and the sheet lists them all in words).
 */
export function Footer(props: HintContext): JSX.Element {
  return (
    <footer className="footer" aria-hidden="true" data-testid="footer">
      {footerHints(props).map(([keys, what]) => (
        <span key={what} className="footer__hint"><kbd className="footer__key">{keys}</kbd>{what}</span>
      ))}
    </footer>
  );
}
