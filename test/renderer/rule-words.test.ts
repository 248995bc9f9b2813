// A standing exclusion in Settings › Rules, in a person's words (renderer/src/words/rules.ts):
// "Leave out comments", not "Leave out every Row of kind 'comment'".
import { describe, expect, it } from 'vitest';
import { exclusionPhrase } from '../../renderer/src/words/rules.js';

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
