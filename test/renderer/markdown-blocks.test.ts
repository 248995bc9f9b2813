// The answer's Markdown drawn block by block (renderer/src/answer/blocks.ts) must be the same
// HTML as the whole text drawn at once, at every moment of a stream: cutting is only a saving.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../renderer/src/answer/blocks.js';
import { AnswerMarkdown } from '../../renderer/src/answer/Markdown.js';

const chipIds = new Set(['note-1', 'sel-23']);
const draw = (text: string): string =>
  renderToStaticMarkup(createElement(AnswerMarkdown, { text, chipIds, renderChip: (id: string) => createElement('b', { 'data-chip': id }), onOpenLink: () => undefined }))
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
