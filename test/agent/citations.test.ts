// The chip parser: which ids an answer cites (app/agent/citations.ts).
import { describe, expect, it } from 'vitest';
import { citedIds } from '../../app/agent/citations.js';

const sent = new Set(['app', 'doc-1', 'sel-23', 'row_4', 'row-5']);

describe('citedIds', () => {
  it('takes ids in backticks and in square brackets, each once, in the order they first appear', () => {
    expect(citedIds('The selection `sel-23` is in [doc-1]; see `sel-23` again and [app].', sent)).toEqual(['sel-23', 'doc-1', 'app']);
  });

  it('takes a comma-separated list of ids inside one span', () => {
    expect(citedIds('Rows `row_4, row-5` and [doc-1,sel-23].', sent)).toEqual(['row_4', 'row-5', 'doc-1', 'sel-23']);
  });

  it('ignores ids that were not sent, so nothing else can be located', () => {
    expect(citedIds('Also `secret-1` and [win-9].', sent)).toEqual([]);
    // One unsent id makes the whole list prose, not a citation.
    expect(citedIds('`doc-1, secret-1`', sent)).toEqual([]);
  });

  it('ignores bare words, parentheses, other code and numbered references', () => {
    expect(citedIds('The app shows doc-1 (sel-23) next to `the app` and [1] and `npm test`.', sent)).toEqual([]);
  });

  it('does not read a span still open at the end of a streamed piece', () => {
    expect(citedIds('It is `sel-2', sent)).toEqual([]);
    expect(citedIds('It is `sel-23', sent)).toEqual([]);
    expect(citedIds('It is `sel-23`', sent)).toEqual(['sel-23']);
  });

  it('does not let a span cross a line, and ignores spaces around an id', () => {
    expect(citedIds('`doc-1\n` and [ sel-23 ]', sent)).toEqual(['sel-23']);
  });

  it('finds nothing in an empty answer or with nothing sent', () => {
    expect(citedIds('', sent)).toEqual([]);
    expect(citedIds('`doc-1`', new Set())).toEqual([]);
  });
});
