// The answer's Markdown drawn block by block (renderer/src/answer/blocks.ts) must be the same
// HTML as the whole text drawn at once, at every moment of a stream: cutting is only a saving.
// The blocks are drawn in groups (blockGroups); the groups' boxes aside, the HTML is the same.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockGroups, markdownBlocks } from '../../renderer/src/answer/blocks.js';
import { AnswerMarkdown } from '../../renderer/src/answer/Markdown.js';

const chipIds = new Set(['note-1', 'sel-23']);
const draw = (text: string): string =>
  renderToStaticMarkup(createElement(AnswerMarkdown, { text, chipIds, renderChip: (id: string) => createElement('b', { 'data-chip': id }), onOpenLink: () => undefined, onCopy: async () => true }))
    // The groups' boxes: a layout device (tested in the panel, test/e2e/panel-problems.test.ts).
    .replace(/<div class="markdown__group">|<\/div>(?=<div class="markdown__group">|<\/div>$)/g, '')
    // Between two blocks, the whole document has a line break the pieces do not: not content.
    .replace(/>\n+</g, '><');
/**
 * The whole text as one block: a link reference definition anywhere keeps blocks.ts from
 * cutting, and draws nothing itself.
 */
const drawWhole = (text: string): string => draw(`[unused-reference]: https://example.com/unused\n\n${text}`);

const ANSWERS = {
  mixed: [
    '## The plan\n\nThe note `note-1` says (`sel-23`):\n\n- take **tram 28**\n- early\n\n',
    '```js\nconst stop = "Martim Moniz";\n\n\nconsole.log(stop);\n```\n\n',
    '| stop | time |\n| --- | --- |\n| Moniz | 8:00 |\n\nRaw <b>bold</b> stays text.\n\n',
    '> quoted\n> more\n\n> another quote\n\n---\n\nSetext\n===\n\n',
  ].join(''),
  loose: '1. first\n\n2. second\n\n   continued in the item\n\n3. third\n\nAfter the list.\n\n* star\n\n+ plus\n',
  indented: 'Para\n\n    code line\n\n    more code after a blank\n\nBack.\n\n~~~~\nfence with ``` inside\n\nstill code\n~~~~\nend\n',
  html: 'Before\n\n<pre>\n\nnot markdown *here*\n\n</pre>\n\nAfter *this*.\n',
  tight: Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer, citing \`note-1\`.\n`).join('\n'),
};

describe('the answer drawn block by block', () => {
  it('cuts a long answer into its blocks, and the blocks are the text again', () => {
    for (const text of Object.values(ANSWERS)) expect(markdownBlocks(text).join('')).toBe(text);
    expect(markdownBlocks(ANSWERS.tight)).toHaveLength(40);
    // A loose list stays one block (one <ol>), a fence keeps its blank lines.
    expect(markdownBlocks(ANSWERS.loose)[0]).toContain('3. third');
    expect(markdownBlocks(ANSWERS.indented).some((block) => block.includes('still code') && block.includes('~~~~\nend'))).toBe(true);
    // A definition or a long HTML block: not cut at all.
    expect(markdownBlocks(`${ANSWERS.tight}\n[x]: https://example.com`)).toHaveLength(1);
    expect(markdownBlocks(ANSWERS.html)).toHaveLength(1);
  });

  it('draws the same HTML as the whole text, for every answer', () => {
    for (const [name, text] of Object.entries(ANSWERS)) expect(draw(text), name).toBe(drawWhole(text));
  });

  it('draws the same HTML at every moment of a stream', () => {
    for (const text of [ANSWERS.mixed, ANSWERS.loose, ANSWERS.indented]) {
      for (let end = 1; end <= text.length; end += 5) {
        const prefix = text.slice(0, end);
        expect(draw(prefix), JSON.stringify(prefix.slice(-40))).toBe(drawWhole(prefix));
      }
    }
  });
});

describe('the blocks in groups', () => {
  const blocks = markdownBlocks(ANSWERS.tight);
  const withHeadings = Array.from({ length: 60 }, (_, i) => (i % 5 === 0 ? `## Part ${i}\n\n` : i % 5 === 1 ? `Under a line\n---\n\n` : i % 5 === 2 ? '***\n\n' : `Paragraph ${i}\n\n`));

  it('keeps every block, in order, in groups of at least the size but the last', () => {
    const groups = blockGroups(blocks, 8);
    expect(groups.flat()).toEqual(blocks);
    expect(groups.map((group) => group.length)).toEqual([8, 8, 8, 8, 8]);
    expect(blockGroups(blocks.slice(0, 3), 8)).toEqual([blocks.slice(0, 3)]);
    expect(blockGroups([], 8)).toEqual([]);
  });

  it('starts a group only at a block without a top margin: no heading (ATX or setext) and no rule', () => {
    const groups = blockGroups(withHeadings, 4);
    expect(groups.flat()).toEqual(withHeadings);
    expect(groups.length).toBeGreaterThan(5);
    for (const group of groups.slice(1)) expect(group[0], JSON.stringify(group[0])).toMatch(/^Paragraph \d+\n\n$/);
    for (const group of groups.slice(0, -1)) expect(group.length).toBeGreaterThanOrEqual(4);
  });

  it('draws a long answer in groups, the whole text again', () => {
    const text = withHeadings.join('').repeat(2);
    const html = renderToStaticMarkup(createElement(AnswerMarkdown, { text, chipIds, renderChip: () => null, onOpenLink: () => undefined, onCopy: async () => true }));
    expect(html.match(/class="markdown__group"/g)?.length).toBe(blockGroups(markdownBlocks(text)).length);
    expect(blockGroups(markdownBlocks(text)).length).toBeGreaterThan(1);
    expect(draw(text)).toBe(drawWhole(text));
  });
});
