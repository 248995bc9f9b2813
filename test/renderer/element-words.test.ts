// How a row reads an element (renderer/src/review/element-words.ts): the title first, the
// app's own words, dates and numbers in the user's locale, quiet state marks, and an
// accessible name made of exactly the words shown.
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { accessibleName, foundWhere, openableUrl, readableAttributes, statesOf, statusWordsOf, thumbnailOf, titleOf, wordsOf } from '../../renderer/src/review/element-words.js';

const NOW = new Date(2025, 0, 15);

describe('the words of a row', () => {
  it('puts the title first, then the subrole and the start of the text', () => {
    const doc: Element = { id: 'd', role: 'Document', subrole: 'note', title: 'Trip to Lisbon', content: [{ type: 'text', text: 'Take tram 28\nearly.' }] };
    expect(titleOf(doc)).toBe('Trip to Lisbon');
    expect(wordsOf(doc, 'en-GB')).toEqual(['note', 'Take tram 28 early.']);
  });

  it('titles an element without a title by its text (quoted when it is the selection), its url, or what it is', () => {
    expect(titleOf({ id: 's', role: 'Text', selected: true, content: [{ type: 'text', text: '  tram\n28 ' }] })).toBe('“tram 28”');
    expect(titleOf({ id: 'p', role: 'Page', url: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(titleOf({ id: 'g', role: 'Group' })).toBe('Group');
  });

  it('reads attributes as a person would: dates and numbers in the locale, status as a word, engineering values left out', () => {
    const task: Element = { id: 't', role: 'Row', attributes: { due: '2025-06-10', status: 'done', count: 12345, urgent: true, archived: false, characters: [5, 30], related: ['x'], author: 'Ana' } };
    expect(readableAttributes(task, 'en-GB', NOW)).toEqual(['due 10 Jun', 'done', 'count 12,345', 'urgent', 'by Ana']);
    expect(readableAttributes(task, 'de-DE', NOW)).toEqual(['due 10. Juni', 'done', 'count 12.345', 'urgent', 'by Ana']);
    // A date in another year says its year.
    expect(readableAttributes({ id: 'x', role: 'Row', attributes: { due: '2024-12-01' } }, 'en-GB', NOW)).toEqual(['due 1 Dec 2024']);
  });

  it('keeps the status apart from the long words, as a mark the ellipsis never cuts', () => {
    const task: Element = { id: 't', role: 'Row', subrole: 'task', title: 'Buy tram tickets', attributes: { due: '2025-06-10', status: 'open' } };
    expect(wordsOf(task, 'en-GB')).not.toContain('open');
    expect(wordsOf(task, 'en-GB')[0]).toBe('task');
    expect(statusWordsOf(task, 'en-GB')).toEqual(['open']);
    expect(statusWordsOf({ id: 'x', role: 'Row', attributes: { State: 'done', due: '2025-06-10' } }, 'en-GB')).toEqual(['done']);
    expect(statusWordsOf({ id: 'x', role: 'Row' }, 'en-GB')).toEqual([]);
  });

  it('marks states quietly, hovered only as "under pointer"', () => {
    expect(statesOf({ id: 'e', role: 'Document', selected: true, focused: true, visible: false, hovered: true })).toEqual(['selected', 'focused', 'hidden', 'under pointer']);
  });

  it('names a row with exactly the words it shows, after what it is', () => {
    const task: Element = { id: 't', role: 'Row', subrole: 'task', title: 'Buy tickets', focused: true, attributes: { status: 'open' } };
    expect(accessibleName(task, { excluded: false, inside: 0, locked: false }, 'en-GB')).toBe('Row, Buy tickets task open focused');
    const list: Element = { id: 'l', role: 'List', title: 'Tasks' };
    expect(accessibleName(list, { excluded: true, inside: 1200, locked: false }, 'en-GB')).toBe('List, Tasks excluded with 1,200 inside Restore');
    expect(accessibleName(list, { excluded: true, inside: 0, locked: true }, 'en-GB')).toBe('List, Tasks excluded');
    // Invisible characters are written as their marks: an attribute cannot hold a <bdi>.
    expect(accessibleName({ id: 'x', role: 'Document', title: 'a\u202eb' }, { excluded: false, inside: 0, locked: false })).toBe('Document, a⟨U+202E⟩b');
  });

  it('says where the filter found a row by what it does not show, and nothing where the row shows it', () => {
    const link: Element = { id: 'l', role: 'Link', title: 'Tram 28 timetable', url: 'https://example.com/lisbon/tram-28' };
    // The row shows the title and the host: what is only in the path is said, not marked.
    expect(foundWhere(link, '/lisbon', 'en-GB')).toBe('found in its link');
    expect(foundWhere(link, 'timetable', 'en-GB')).toBeUndefined();
    expect(foundWhere(link, 'example.com', 'en-GB')).toBeUndefined();
    // Text past the one line the row shows.
    const long: Element = { id: 'n', role: 'Document', title: 'Notes', content: [{ type: 'text', text: `${'word '.repeat(60)}castle` }] };
    expect(foundWhere(long, 'castle', 'en-GB')).toBe('found in its text');
    expect(foundWhere(long, 'word', 'en-GB')).toBeUndefined();
    // Only by its kind, which the row shows as its icon.
    expect(foundWhere({ id: 'g', role: 'Group', title: 'Ideas' }, 'group', 'en-GB')).toBe('found by its kind');
    // A status is a mark the row shows; no filter, or no match of its own (there for its path), says nothing.
    expect(foundWhere({ id: 't', role: 'Row', title: 'Buy', attributes: { status: 'open' } }, 'open', 'en-GB')).toBeUndefined();
    expect(foundWhere(link, '', 'en-GB')).toBeUndefined();
    expect(foundWhere(link, 'castle', 'en-GB')).toBeUndefined();
    // The row's name carries the mark as it carries the others.
    expect(accessibleName(link, { excluded: false, inside: 0, locked: false, found: 'found in its link' }, 'en-GB')).toBe('Link, Tram 28 timetable example.com found in its link');
  });

  it('shows pictures only of safe types, and opens only web links', () => {
    expect(thumbnailOf({ id: 'i', role: 'Image', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/svg+xml' }, { type: 'image', data: 'BBBB', mimeType: 'image/png' }] })).toBe('data:image/png;base64,BBBB');
    expect(openableUrl({ id: 'l', role: 'Link', url: 'javascript:alert(1)', content: [{ type: 'resource_link', uri: 'https://example.com/x', name: 'x' }] })).toBe('https://example.com/x');
    expect(openableUrl({ id: 'l', role: 'Link', url: 'file:///etc/passwd' })).toBeUndefined();
  });
});
