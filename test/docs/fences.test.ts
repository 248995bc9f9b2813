// Every code fence in the README and docs/ opens as ```lang (or bare) and closes alone on its
// line. A closing fence with text after it is not a fence to Markdown: the rest of the page
// renders as code, as docs/providers.md once did after its tsconfig block, while the tests
// that read blocks from the page still found them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

/** The lines that start a fence but are not one: ``` followed by more than a language name. */
function brokenFences(text: string): string[] {
  return text.split('\n').map((line, i) => ({ line, n: i + 1 })).filter(({ line }) => /^\s*```/.test(line) && !/^\s*```[\w+-]*\s*$/.test(line)).map(({ line, n }) => `${n}: ${line}`);
}

describe('code fences in the docs', () => {
  it('finds a fence with text after it', () => {
    expect(brokenFences('```json\n{}\n``` More text\n')).toEqual(['3: ``` More text']);
    expect(brokenFences('```sh\nls\n```\n\nMore text\n')).toEqual([]);
  });

  it.each(PAGES)('%s has none', (page) => {
    expect(brokenFences(readFileSync(page, 'utf8'))).toEqual([]);
  });
});
