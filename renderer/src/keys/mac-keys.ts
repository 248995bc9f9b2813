/**
 * Shortcuts the way a Mac shows them: Electron accelerators ("Control+Alt+Command+G") as the
 * glyphs of the menu bar (⌃⌥⌘G, in Apple's modifier order), in words for screen readers
 * ("Control-Option-Command-G"), and recorded from a key press. Pure, so it is unit tested.
 */

/** Modifiers in the order macOS menus list them, with their glyph and their name. */
const MODIFIERS = [
  { names: ['control', 'ctrl'], glyph: '⌃', word: 'Control', accelerator: 'Control' },
  { names: ['alt', 'option'], glyph: '⌥', word: 'Option', accelerator: 'Alt' },
  { names: ['shift'], glyph: '⇧', word: 'Shift', accelerator: 'Shift' },
  { names: ['command', 'cmd', 'commandorcontrol', 'cmdorctrl', 'super', 'meta'], glyph: '⌘', word: 'Command', accelerator: 'Command' },
] as const;

/** Keys with a glyph of their own on a Mac, by their accelerator name (lower case). */
const KEY_GLYPHS: Record<string, { glyph: string; word: string }> = {
  space: { glyph: 'Space', word: 'Space' },
  return: { glyph: '↩', word: 'Return' },
  enter: { glyph: '↩', word: 'Return' },
  escape: { glyph: '⎋', word: 'Escape' },
  esc: { glyph: '⎋', word: 'Escape' },
  backspace: { glyph: '⌫', word: 'Delete' },
  delete: { glyph: '⌦', word: 'Forward Delete' },
  tab: { glyph: '⇥', word: 'Tab' },
  up: { glyph: '↑', word: 'Up Arrow' },
  down: { glyph: '↓', word: 'Down Arrow' },
  left: { glyph: '←', word: 'Left Arrow' },
  right: { glyph: '→', word: 'Right Arrow' },
};

/** One accelerator split into its modifiers (Mac order) and its key. */
interface ParsedShortcut {
  modifiers: (typeof MODIFIERS)[number][];
  key: string;
}

/** Splits an Electron accelerator; unknown modifier names are kept as part of the key. */
function parseAccelerator(accelerator: string): ParsedShortcut {
  const parts = accelerator.split('+').filter((part) => part !== '');
  const key = parts.length > 1 ? (parts.pop() as string) : (parts[0] ?? '');
  const names = new Set(parts.map((part) => part.toLowerCase()));
  return { modifiers: MODIFIERS.filter((m) => m.names.some((name) => names.has(name))), key };
}

/** The keycaps for a shortcut: ["⌃", "⌥", "⌘", "G"]. */
export function keycapsFor(accelerator: string): string[] {
  const { modifiers, key } = parseAccelerator(accelerator);
  const named = KEY_GLYPHS[key.toLowerCase()];
  return [...modifiers.map((m) => m.glyph), named ? named.glyph : key.length === 1 ? key.toUpperCase() : key];
}

/** The shortcut as one string of glyphs: "⌃⌥⌘G". */
export function glyphsFor(accelerator: string): string {
  return keycapsFor(accelerator).join('');
}

/** The shortcut in words, as VoiceOver users and Apple's documentation say it: "Control-Option-Command-G". */
export function spokenFor(accelerator: string): string {
  const { modifiers, key } = parseAccelerator(accelerator);
  const named = KEY_GLYPHS[key.toLowerCase()];
  return [...modifiers.map((m) => m.word), named ? named.word : key.length === 1 ? key.toUpperCase() : key].join('-');
}

/** What a key press in the shortcut recorder gave. */
export type Recorded = { kind: 'incomplete' } | { kind: 'cancel' } | { kind: 'shortcut'; accelerator: string } | { kind: 'problem'; message: string };

/** The accelerator's name for the key of a press, from its physical code (layout-independent, as global shortcuts are). */
function keyName(code: string): string | undefined {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1];
  const digit = /^Digit(\d)$/.exec(code);
  if (digit) return digit[1];
  if (/^F([1-9]|1\d|20)$/.test(code)) return code;
  const named: Record<string, string> = {
    Space: 'Space', ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right',
    Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\', Semicolon: ';',
    Quote: "'", Comma: ',', Period: '.', Slash: '/', Backquote: '`',
  };
  return named[code];
}

/** The press the recorder saw, as far as it needs. */
export interface KeyPress {
  code: string;
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * A press in the shortcut recorder: modifiers alone wait for a key; Esc cancels; a key needs
 * Command, Control or Option with it (Shift alone would type a capital in every app).
 */
export function recordPress(press: KeyPress): Recorded {
  if (['Meta', 'Control', 'Alt', 'Shift', 'OS'].includes(press.key)) return { kind: 'incomplete' };
  if (press.key === 'Escape' && !press.metaKey && !press.ctrlKey && !press.altKey) return { kind: 'cancel' };
  const key = keyName(press.code);
  if (!key) return { kind: 'problem', message: 'That key cannot be part of a global shortcut. Try a letter, a digit or Space.' };
  if (!press.metaKey && !press.ctrlKey && !press.altKey) return { kind: 'problem', message: 'Add Command, Control or Option: a key alone, or with Shift, is typing in every app.' };
  const modifiers = [press.ctrlKey ? 'Control' : '', press.altKey ? 'Alt' : '', press.shiftKey ? 'Shift' : '', press.metaKey ? 'Command' : ''].filter(Boolean);
  return { kind: 'shortcut', accelerator: [...modifiers, key].join('+') };
}

/**
 * Shortcuts macOS or common apps already use, with who uses them. Not every conflict can be
 * known here (main says so when registering fails), but these are certain.
 */
const KNOWN: [string, string][] = [
  ['Command+Space', 'Spotlight'],
  ['Alt+Command+Space', 'Finder search'],
  ['Control+Space', 'switching input sources'],
  ['Control+Alt+Space', 'switching input sources'],
  ['Alt+Space', 'ChatGPT (and it types a non-breaking space)'],
  ['Command+Tab', 'the app switcher'],
  ['Control+Command+Space', 'the Character Viewer'],
  ['Control+Command+Q', 'Lock Screen'],
  ['Control+Command+F', 'full screen in most apps'],
  ['Alt+Command+Escape', 'Force Quit'],
  ['Alt+Command+D', 'showing and hiding the Dock'],
  ['Shift+Command+3', 'screenshots'],
  ['Shift+Command+4', 'screenshots'],
  ['Shift+Command+5', 'screenshots'],
  ['Control+Up', 'Mission Control'],
  ['Control+Down', 'App Exposé'],
  ['Control+Left', 'moving between Spaces'],
  ['Control+Right', 'moving between Spaces'],
];
/** Command and one letter are every app's menu commands (⌘C, ⌘Q, ⌘W…): never global. */
const COMMAND_LETTER = /^Command\+[A-Z0-9,.]$/;

/** Who already uses this shortcut, or undefined when nothing known does. */
export function conflictFor(accelerator: string): string | undefined {
  const { modifiers, key } = parseAccelerator(accelerator);
  const normal = [...modifiers.map((m) => m.accelerator), key.length === 1 ? key.toUpperCase() : key].join('+');
  const known = KNOWN.find(([shortcut]) => shortcut.toLowerCase() === normal.toLowerCase());
  if (known) return known[1];
  if (COMMAND_LETTER.test(normal)) return 'the menu commands of every app';
  return undefined;
}
