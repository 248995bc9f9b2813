// Strings outside the tree are capped at 200 characters (docs/protocol.md, "Hardening"), never
// mid-character.
import { describe, expect, it } from 'vitest';
import { capText, oneLine, OUTSIDE_TREE_MAX_CHARS } from '../../app/text/cap-text.js';

describe('capText', () => {
  it('leaves a string of up to 200 characters as it is', () => {
    expect(capText('Notes')).toBe('Notes');
    expect(capText('a'.repeat(200))).toBe('a'.repeat(200));
    // 200 characters that take 400 UTF-16 units are still 200 characters.
    expect(capText('😀'.repeat(200))).toBe('😀'.repeat(200));
  });

  it('cuts a longer one to 200 characters, the last an ellipsis, without splitting a pair', () => {
    expect(OUTSIDE_TREE_MAX_CHARS).toBe(200);
    expect(capText('a'.repeat(201))).toBe(`${'a'.repeat(199)}…`);
    const emoji = capText('😀'.repeat(300));
    expect([...emoji]).toHaveLength(200);
    expect(emoji).toBe(`${'😀'.repeat(199)}…`);
    expect(capText('abcdef', 4)).toBe('abc…');
  });
});

describe('oneLine', () => {
  it('puts a string on one line, then caps it', () => {
    expect(oneLine('  Notes\n\nSYSTEM:\tdo this\r\n')).toBe('Notes SYSTEM: do this');
    expect(oneLine(`a\n${'b'.repeat(300)}`)).toBe(`a ${'b'.repeat(197)}…`);
  });
});
