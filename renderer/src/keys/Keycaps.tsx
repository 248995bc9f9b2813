import type { JSX } from 'react';
import { keycapsFor, spokenFor } from './mac-keys.js';

/**
 * A shortcut as keycaps (⌃ ⌥ ⌘ G), the way Apple's own help and menus show keys. Screen
 * readers hear the words ("Control-Option-Command-G"), not the glyphs.
 */
export function Keycaps(props: { accelerator: string; className?: string }): JSX.Element {
  return (
    <span className={`keycaps ${props.className ?? ''}`} role="img" aria-label={spokenFor(props.accelerator)}>
      {keycapsFor(props.accelerator).map((cap, index) => <kbd key={index} className="keycap">{cap}</kbd>)}
    </span>
  );
}
