// Shortcuts as a Mac shows them, recorded from key presses, and conflicts named (renderer/src/keys).
import { describe, expect, it } from 'vitest';
import { conflictFor, glyphsFor, keycapsFor, recordPress, spokenFor, type KeyPress } from '../../renderer/src/keys/mac-keys.js';

const press = (code: string, key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ code, key, metaKey: false, ctrlKey: false, altKey: false, shiftKey: false, ...mods });

describe('Mac key glyphs', () => {
  it("shows Electron's accelerators in Apple's modifier order, whatever order they were written in", () => {
    expect(keycapsFor('Control+Alt+Command+G')).toEqual(['⌃', '⌥', '⌘', 'G']);
    expect(glyphsFor('Command+Shift+Alt+Control+k')).toBe('⌃⌥⇧⌘K');
    expect(glyphsFor('CmdOrCtrl+Space')).toBe('⌘Space');
    expect(glyphsFor('Option+Up')).toBe('⌥↑');
  });

  it('says them in words for screen readers: Option, not Alt', () => {
    expect(spokenFor('Control+Alt+Command+G')).toBe('Control-Option-Command-G');
    expect(spokenFor('Shift+Command+Return')).toBe('Shift-Command-Return');
  });
});

describe('the shortcut recorder', () => {
  it('waits while only modifiers are down, and cancels on Esc', () => {
    expect(recordPress(press('ControlLeft', 'Control', { ctrlKey: true }))).toEqual({ kind: 'incomplete' });
    expect(recordPress(press('Escape', 'Escape'))).toEqual({ kind: 'cancel' });
  });

  it('records the physical key with its modifiers, as a global shortcut is registered', () => {
    expect(recordPress(press('KeyK', 'k', { ctrlKey: true, altKey: true, metaKey: true }))).toEqual({ kind: 'shortcut', accelerator: 'Control+Alt+Command+K' });
    // Option changes the character typed (˚), not the key the shortcut names.
    expect(recordPress(press('KeyK', '˚', { altKey: true, metaKey: true }))).toEqual({ kind: 'shortcut', accelerator: 'Alt+Command+K' });
    expect(recordPress(press('Space', ' ', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'shortcut', accelerator: 'Control+Shift+Space' });
  });

  it('refuses a key without Command, Control or Option, and keys a global shortcut cannot use', () => {
    expect(recordPress(press('KeyG', 'G', { shiftKey: true }))).toMatchObject({ kind: 'problem', message: expect.stringMatching(/^Add Command, Control or Option/) });
    expect(recordPress(press('CapsLock', 'CapsLock', { metaKey: true }))).toMatchObject({ kind: 'problem' });
  });
});

describe('known conflicts', () => {
  it('names who already uses a shortcut, in any spelling', () => {
    expect(conflictFor('Command+Space')).toBe('Spotlight');
    expect(conflictFor('Cmd+Space')).toBe('Spotlight');
    expect(conflictFor('Control+Space')).toBe('switching input sources');
    expect(conflictFor('Alt+Space')).toMatch(/^ChatGPT/);
    expect(conflictFor('Command+C')).toBe('the menu commands of every app');
    expect(conflictFor('Shift+Command+4')).toBe('screenshots');
  });

  it('lets through what nothing known uses, such as the default three-modifier shortcut', () => {
    expect(conflictFor('Control+Alt+Command+G')).toBeUndefined();
    expect(conflictFor('Control+Alt+Command+K')).toBeUndefined();
  });
});
