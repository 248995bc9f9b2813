import { useEffect, useRef, type JSX } from 'react';
import { spokenKeys, type Hint } from './hints.js';

/**
 * Every key that works where the keyboard was, in a small sheet over the foot of the panel:
 * ⌘/ opens it, ⎋ or Done closes it and the keyboard goes back where it was. The footer names
 * only three; this names them all, each with its keys in words for screen readers.
 */
export function ShortcutsSheet(props: { hints: Hint[]; onClose(): void }): JSX.Element {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    done.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    // Modal: Done is its one control, so Tab stays on it rather than walking the panel behind.
    <div className="shortcuts" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" data-testid="shortcuts" onKeyDown={(event) => { if (event.key === 'Tab') event.preventDefault(); }}>
      <header className="sheet__head">
        <h2 id="shortcuts-title" className="sheet__title">Keyboard shortcuts</h2>
        <button type="button" ref={done} className="button" onClick={props.onClose}>Done</button>
      </header>
      <dl className="shortcuts__list">
        {props.hints.map(([keys, what]) => (
          <div key={what} className="shortcuts__item">
            <dt className="shortcuts__keys"><kbd aria-hidden="true">{keys}</kbd><span className="sr-only">{spokenKeys(keys)}</span></dt>
            <dd className="shortcuts__what">{what}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
