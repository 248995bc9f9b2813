// The warning lines: grouped by kind, counted, with a few ids as examples.
import { describe, expect, it } from 'vitest';
import { WarningCollector } from '@app-context/provider-kit/protocol';

const linesOf = (adds: [string, string?][]): string[] => {
  const w = new WarningCollector();
  for (const [kind, id] of adds) w.add(kind, id);
  return w.lines();
};

describe('WarningCollector', () => {
  it('gives nothing without warnings', () => {
    expect(new WarningCollector().lines()).toEqual([]);
  });

  it('gives one line per kind, in first-seen order', () => {
    expect(linesOf([['a kind', 'x'], ['other kind'], ['a kind', 'y']])).toEqual(['2 times: a kind (x, y)', 'other kind']);
  });

  it('lists at most three ids, with "e.g." when there are more', () => {
    expect(linesOf([['k', 'a'], ['k', 'b'], ['k', 'c'], ['k', 'd']])).toEqual(['4 times: k (e.g. a, b, c)']);
    expect(linesOf([['k', 'a'], ['k', 'b'], ['k', 'c']])).toEqual(['3 times: k (a, b, c)']);
  });

  it('lists an id once when one element has the problem twice', () => {
    expect(linesOf([['k', 'c'], ['k', 'c']])).toEqual(['2 times: k (c)']);
    expect(linesOf([['k', 'c'], ['k', 'c'], ['k', 'd']])).toEqual(['3 times: k (c, d)']);
  });

  it('says "e.g." when some occurrences have no id', () => {
    expect(linesOf([['k', 'c'], ['k']])).toEqual(['2 times: k (e.g. c)']);
    expect(linesOf([['k'], ['k']])).toEqual(['2 times: k']);
  });
});
