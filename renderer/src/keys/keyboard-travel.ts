/**
 * Whether the user is travelling by keyboard (Tab, Shift-Tab), as a class on the root element
 * (`keyboard-travel`): the panel's focus rings show only then. AppKit rings a button only when
 * the keyboard moved to it (Full Keyboard Access); a default button focused when the panel
 * shows is marked by its fill, and Chromium's :focus-visible alone would ring it, since a
 * focus() with no pointer used yet counts as keyboard focus. A pointer press ends the travel.
 */
export function followKeyboardTravel(root: HTMLElement): void {
  const doc = root.ownerDocument;
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') root.classList.add('keyboard-travel');
  }, { capture: true });
  doc.addEventListener('pointerdown', () => root.classList.remove('keyboard-travel'), { capture: true });
}
