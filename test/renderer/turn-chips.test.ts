// Each turn owns its chips, and no chip is drawn twice (renderer/src/answer/turn-chips.ts): the
// row under a turn leaves out what its text already shows inline, and "inline" must be exactly
// what the answer's Markdown turns into chips. The streaming caret sits inside the text's last
// block, at its end, never in a box of its own (renderer/src/answer/Markdown.tsx).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerMarkdown } from '../../renderer/src/answer/Markdown.js';
import { InlineChips, inlineChipIds, rowChips } from '../../renderer/src/answer/turn-chips.js';

const chipIds = new Set(['note-1', 'sel-23', 'row-2']);
const draw = (text: string, streaming = false): string =>
  renderToStaticMarkup(createElement(AnswerMarkdown, { text, streaming, chipIds, renderChip: (id: string) => createElement('b', { 'data-chip': id }), onOpenLink: () => undefined, onCopy: async () => true }));
const drawnChips = (text: string): Set<string> => new Set([...draw(text).matchAll(/data-chip="([^"]+)"/g)].map((match) => match[1] ?? ''));

describe('the chips of a turn', () => {
  it('finds inline exactly the ids the Markdown draws as chips', () => {
    const texts = [
      'The note `note-1` says so.',
      'Both: `note-1` and (`sel-23`).',
      'In brackets [row-2] and a list `note-1, sel-23` are citations, not inline chips.',
      '```\n`note-1` in a code block stays code\n```\nbut `sel-23` after it is a chip.',
      '- item `row-2`\n- `` `note-1` `` is a span holding backticks',
      'Spaced ` sel-23 ` is still the id.',
      'Not an id: `note-10`, `Note-1`.',
    ];
    for (const text of texts) expect(inlineChipIds(text, chipIds), text).toEqual(drawnChips(text));
  });

  it('reads a streamed text a piece at a time as it reads the whole, a fence or a span cut anywhere', () => {
    const text = 'The note `no\n```\n`note-1` in code\n```\nthen `sel-23` and `` note-1 ``.\n- `row-2`';
    const scan = new InlineChips(chipIds);
    for (let end = 0; end <= text.length; end += 1) expect(scan.ids(text.slice(0, end)), text.slice(0, end)).toEqual(inlineChipIds(text.slice(0, end), chipIds));
    expect(scan.ids(text)).toEqual(new Set(['sel-23', 'note-1', 'row-2']));
    // Not a continuation (a text replaced): read again from its start.
    expect(scan.ids('Only `row-2`.')).toEqual(new Set(['row-2']));
  });

  it('puts in the row only the chips this turn first named that its text does not show', () => {
    const chips = [{ id: 'note-1', turn: 0 }, { id: 'sel-23', turn: 0 }, { id: 'row-2', turn: 1 }];
    expect(rowChips(chips, 0, () => inlineChipIds('The note `note-1`.', chipIds)).map((chip) => chip.id)).toEqual(['sel-23']);
    // Turn 1 cites note-1 again: it is inline there, and still not in turn 1's row.
    expect(rowChips(chips, 1, () => inlineChipIds('Again `note-1`; and [row-2].', chipIds)).map((chip) => chip.id)).toEqual(['row-2']);
  });
});

describe('the streaming caret', () => {
  it('ends the last block, inside it: a paragraph, a list item, a table cell', () => {
    expect(draw('First.\n\nStill *going', true)).toMatch(/<p>.*going.*<span class="turn__caret"[^>]*><\/span><\/p><\/div><\/div>$/);
    expect(draw('- one\n- two', true)).toMatch(/<li>.*two.*<span class="turn__caret"[^>]*><\/span><\/li>\s*<\/ul><\/div><\/div>$/);
    expect(draw('| a |\n| - |\n| b |', true)).toMatch(/<td>.*b.*<span class="turn__caret"[^>]*><\/span><\/td>/);
    expect(draw('First.\n\nSecond.', true).match(/turn__caret/g)).toHaveLength(1);
  });

  it('is gone once the answer ended', () => {
    expect(draw('Done.')).not.toContain('turn__caret');
  });
});

describe('an element id the chips did not take', () => {
  const titles: Record<string, string | undefined> = { 'tasks-7': 'Buy tram tickets', 'row-9': undefined, 'note-1': 'Trip to Lisbon' };
  const nameOf = (id: string): string | undefined => (id in titles ? titles[id] ?? id : undefined);
  const drawNamed = (text: string): string =>
    renderToStaticMarkup(createElement(AnswerMarkdown, { text, chipIds, nameOf, renderChip: (id: string) => createElement('b', { 'data-chip': id }), onOpenLink: () => undefined, onCopy: async () => true }));

  it("is named as the element's title, else written bare, never as a raw id in brackets", () => {
    expect(drawNamed('See also [tasks-7].')).toContain('See also Buy tram tickets.');
    expect(drawNamed('See also [row-9].')).toContain('See also row-9.');
    expect(drawNamed('See also `tasks-7`.')).toContain('Buy tram tickets');
    expect(drawNamed('See also `tasks-7`.')).not.toContain('<code>');
    // Brackets that name no element are the model's own; a chip stays a chip; a code block is code.
    expect(drawNamed('As noted [1] and [sic].')).toContain('As noted [1] and [sic].');
    expect(drawNamed('The note `note-1`.')).toContain('data-chip="note-1"');
    expect(drawNamed('```\n[tasks-7] `tasks-7`\n```')).toContain('[tasks-7] `tasks-7`');
    // Without a tree (a kept answer in History) the text is as written.
    expect(draw('See also [tasks-7].')).toContain('See also [tasks-7].');
  });
});
