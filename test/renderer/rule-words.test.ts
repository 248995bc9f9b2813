// A standing exclusion in Settings › Rules, in a person's words (renderer/src/words/rules.ts):
// "Leave out comments", not "Leave out every Row of kind 'comment'".
import { describe, expect, it } from 'vitest';
import { consentWording, exclusionPhrase, INTERPRETER_RULE_WORDS, nameFromBundleId } from '../../renderer/src/words/rules.js';

describe('exclusionPhrase', () => {
  it("names the app's kind in the plural, spaced as words", () => {
    expect(exclusionPhrase({ role: 'Row', subrole: 'comment' })).toBe('comments');
    expect(exclusionPhrase({ role: 'List', subrole: 'task-list' })).toBe('task lists');
    expect(exclusionPhrase({ subrole: 'task_list' })).toBe('task lists');
    expect(exclusionPhrase({ subrole: 'sketch' })).toBe('sketches');
    expect(exclusionPhrase({ subrole: 'reply' })).toBe('replies');
    expect(exclusionPhrase({ subrole: 'day' })).toBe('days');
  });

  it("names the role in the plural when the rule names no kind", () => {
    expect(exclusionPhrase({ role: 'Row' })).toBe('rows');
    expect(exclusionPhrase({ role: 'Image' })).toBe('images');
    expect(exclusionPhrase({ role: 'Text' })).toBe('text blocks');
  });
});

describe('consentWording', () => {
  it("says a password manager's \"Ask\" as Glance's default of not reading it, and leaves other apps' words alone", () => {
    expect(consentWording('com.1password.1password', false)).toEqual({ ask: 'Not read (Glance’s default for a password manager)' });
    expect(consentWording('org.keepassxc.keepassxc', false)?.ask).toMatch(/^Not read/);
    expect(consentWording('org.gnome.TextEditor', false)).toBeUndefined();
    expect(consentWording('python3.11', true)).toEqual({ always: 'Always (no longer counts: it names no one program)' });
  });
});

describe('an app in Settings › Rules', () => {
  it('is named, not shown as code: from its bundle id when Glance never saw it, words apart', () => {
    expect(nameFromBundleId('org.example.FieldNotes')).toBe('Field Notes');
    expect(nameFromBundleId('com.apple.Preview')).toBe('Preview');
    expect(nameFromBundleId('org.gnome.text-editor')).toBe('Text editor');
    // An interpreter's name, a short id, an id with odd characters: as they are (drawn as provider text).
    expect(nameFromBundleId('python3.11')).toBe('python3.11');
    expect(nameFromBundleId('node')).toBe('node');
    expect(nameFromBundleId('com.example.\u202etxt.exe')).toBe('com.example.\u202etxt.exe');
  });

  it("says what a rule for an interpreter's name covers without the words of a developer", () => {
    expect(`python3.11${INTERPRETER_RULE_WORDS}`).toBe('python3.11 runs many programs, and Glance can’t tell them apart here: this rule applies to every one of them.');
    expect(INTERPRETER_RULE_WORDS).not.toMatch(/bundle id|desktop file|interpreter/);
  });
});
