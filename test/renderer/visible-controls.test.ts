// Which characters the panel draws as marks (docs/protocol.md, "Hardening", "Text on screen"), and
// how. The component that uses this runs in Chromium in test/e2e/provider-text.test.ts.
import { describe, expect, it } from 'vitest';
import { hasInvisible, markFor, splitInvisible, visibleControls } from '../../contract/visible-controls.js';

describe('visibleControls', () => {
  it('leaves ordinary text alone, right-to-left letters and emoji included', () => {
    for (const text of ['draft.md', 'שלום עולם', 'مرحبا', 'naïve café', '👩‍💻 and 👨‍👩‍👧', 'a\u00a0b', '']) {
      expect(visibleControls(text)).toBe(text);
      expect(splitInvisible(text).every((piece) => piece.kind === 'text')).toBe(true);
    }
  });

  it.each([
    ['a newline', '\n', '␊'],
    ['a carriage return', '\r', '␍'],
    ['a tab', '\t', '␉'],
    ['NUL', '\u0000', '␀'],
    ['an escape', '\u001b', '␛'],
    ['DEL', '\u007f', '␡'],
    ['a C1 control (NEL)', '\u0085', '⟨U+0085⟩'],
    ['a C1 control (CSI)', '\u009b', '⟨U+009B⟩'],
    ['the right-to-left override', '\u202e', '⟨U+202E⟩'],
    ['the left-to-right embedding', '\u202a', '⟨U+202A⟩'],
    ['a right-to-left isolate', '\u2067', '⟨U+2067⟩'],
    ['the pop directional isolate', '\u2069', '⟨U+2069⟩'],
    ['the right-to-left mark', '\u200f', '⟨U+200F⟩'],
    ['the Arabic letter mark', '\u061c', '⟨U+061C⟩'],
    ['a zero-width space', '\u200b', '⟨U+200B⟩'],
    ['a zero-width non-joiner', '\u200c', '⟨U+200C⟩'],
    ['a word joiner', '\u2060', '⟨U+2060⟩'],
    ['the byte-order mark', '\ufeff', '⟨U+FEFF⟩'],
    ['a soft hyphen', '\u00ad', '⟨U+00AD⟩'],
    ['an invisible tag character', '\u{e0041}', '⟨U+E0041⟩'],
    ['the line separator', '\u2028', '⟨U+2028⟩'],
    ['the paragraph separator', '\u2029', '⟨U+2029⟩'],
  ])('shows %s as a mark', (_name, char, mark) => {
    expect(visibleControls(`a${char}b`)).toBe(`a${mark}b`);
    expect(markFor(char.codePointAt(0) as number)).toBe(mark);
  });

  it('tells at once when a text has nothing to mark', () => {
    expect(hasInvisible('draft.md')).toBe(false);
    expect(hasInvisible('a\u202eb')).toBe(true);
  });

  it('keeps a text block\'s own line breaks when asked, and marks every other control', () => {
    expect(visibleControls('one\ntwo\r\nthree\rfour', true)).toBe('one\ntwo\r\nthree␍four');
    expect(visibleControls('one\ntwo', false)).toBe('one␊two');
  });

  it('keeps a zero-width joiner only inside an emoji, where it hides nothing', () => {
    expect(visibleControls('👩\u200d💻')).toBe('👩\u200d💻');
    expect(visibleControls('❤\ufe0f\u200d🔥')).toBe('❤\ufe0f\u200d🔥');
    expect(visibleControls('pay\u200dpal')).toBe('pay⟨U+200D⟩pal');
    expect(visibleControls('\u200d👩')).toBe('⟨U+200D⟩👩');
  });

  it('splits into runs and marks, so a mark can be drawn apart from the text', () => {
    expect(splitInvisible('invoice-\u202efdp.exe\nx')).toEqual([
      { kind: 'text', text: 'invoice-' },
      { kind: 'mark', mark: '⟨U+202E⟩', codePoint: 0x202e },
      { kind: 'text', text: 'fdp.exe' },
      { kind: 'mark', mark: '␊', codePoint: 0x0a },
      { kind: 'text', text: 'x' },
    ]);
    expect(splitInvisible('\u200b\u200b')).toEqual([
      { kind: 'mark', mark: '⟨U+200B⟩', codePoint: 0x200b },
      { kind: 'mark', mark: '⟨U+200B⟩', codePoint: 0x200b },
    ]);
  });
});
