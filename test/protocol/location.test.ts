// The `location` tool (docs/protocol.md, "The two tools" and "Locations"): state and rects must
// be right; hints are optional.
import { describe, expect, it } from 'vitest';
import { MAX_RECTS, GONE, readLocation } from '@app-context/provider-kit/protocol';

const rect = { x: 10, y: -20.5, w: 300, h: 18 };

describe('readLocation', () => {
  it.each([
    ['visible with one rect', { state: 'visible', rects: [rect] }],
    ['visible with a rect per line', { state: 'visible', rects: [rect, { x: 0, y: 0, w: 0, h: 0 }] }],
    ['offscreen without rects', { state: 'offscreen', rects: [] }],
    ['offscreen with rects', { state: 'offscreen', rects: [rect] }],
    ['gone', { state: 'gone', rects: [] }],
    ['with every hint', { state: 'visible', rects: [rect], window: 4711, avoid: { x: 0, y: 0, w: 100, h: 50 }, edge: 'bottom' }],
    ['with a negative window number', { state: 'visible', rects: [rect], window: -3 }],
  ])('reads a good answer unchanged: %s', (_name, raw) => {
    expect(readLocation(raw)).toEqual({ ok: true, location: raw, warnings: [] });
  });

  it.each(['top', 'bottom', 'left', 'right'])('keeps the edge %s', (edge) => {
    const result = readLocation({ state: 'visible', rects: [], edge });
    expect(result.ok && result.location.edge).toBe(edge);
  });

  it('drops unknown fields silently, in the answer and in rects', () => {
    expect(readLocation({ state: 'visible', rects: [{ ...rect, z: 1 }], future: true })).toEqual({ ok: true, location: { state: 'visible', rects: [rect] }, warnings: [] });
  });

  it('drops the rects of a gone location, with a warning', () => {
    const result = readLocation({ state: 'gone', rects: [rect, rect] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.location).toEqual({ state: 'gone', rects: [] });
    expect(result.warnings).toEqual(['a gone location carried rects; they were dropped']);
  });

  it.each([
    ['not an object', 'visible'],
    ['null', null],
    ['a list', [{ state: 'visible', rects: [] }]],
    ['without state', { rects: [] }],
    ['with an unknown state', { state: 'hidden', rects: [] }],
    ['with a capitalised state', { state: 'Visible', rects: [] }],
    ['with a non-string state', { state: 1, rects: [] }],
    ['without rects', { state: 'visible' }],
    ['gone without rects', { state: 'gone' }],
    ['with rects not a list', { state: 'visible', rects: rect }],
    ['with rects inherited, not its own', Object.assign(Object.create({ rects: [] }) as object, { state: 'visible' })],
  ])('refuses an answer %s', (_name, raw) => {
    const result = readLocation(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/location/);
  });

  it.each([
    ['missing h', { x: 1, y: 2, w: 3 }],
    ['with a string coordinate', { ...rect, x: '1' }],
    ['with a null coordinate', { ...rect, x: null }],
    ['with a negative width', { ...rect, w: -1 }],
    ['with a negative height', { ...rect, h: -0.5 }],
    ['that is null', null],
    ['that is a list', [1, 2, 3, 4]],
    ['with an infinite coordinate', { ...rect, y: Infinity }],
    ['with an infinite size', { ...rect, w: Infinity }],
    ['with a NaN size', { ...rect, w: NaN }],
  ])('drops a rect %s with a warning, and keeps the others (docs/protocol.md, "Hardening")', (_name, bad) => {
    const result = readLocation({ state: 'visible', rects: [rect, bad, rect] });
    expect(result).toEqual({ ok: true, location: { state: 'visible', rects: [rect, rect] }, warnings: ['1 rect that was not finite numbers with a width and height of at least 0 was dropped'] });
  });

  it('reads 1e999 in JSON text (Infinity once parsed) as a rect to drop', () => {
    const result = readLocation(JSON.parse(`{"state":"visible","rects":[{"x":1e999,"y":0,"w":1,"h":1},{"x":0,"y":0,"w":1,"h":1}]}`));
    expect(result.ok && result.location.rects).toEqual([{ x: 0, y: 0, w: 1, h: 1 }]);
  });

  it('reads the first 256 rects and drops the rest with a warning', () => {
    const rects = Array.from({ length: 1000 }, (_, i) => ({ ...rect, y: i }));
    expect(readLocation({ state: 'visible', rects: rects.slice(0, MAX_RECTS) })).toEqual({ ok: true, location: { state: 'visible', rects: rects.slice(0, MAX_RECTS) }, warnings: [] });
    const result = readLocation({ state: 'visible', rects });
    expect(result).toEqual({ ok: true, location: { state: 'visible', rects: rects.slice(0, MAX_RECTS) }, warnings: ['744 rects past the first 256 were dropped'] });
  });

  it('counts broken rects only among the first 256: a broken one further on is never read', () => {
    const rects: unknown[] = [null, ...Array.from({ length: 300 }, () => rect), null];
    const result = readLocation({ state: 'visible', rects });
    expect(result.ok && result.location.rects).toHaveLength(MAX_RECTS - 1);
    expect(result.ok && result.warnings).toEqual(['1 rect that was not finite numbers with a width and height of at least 0 was dropped', '46 rects past the first 256 were dropped']);
  });

  it('drops the rects of a gone location, however many, with one warning', () => {
    const result = readLocation({ state: 'gone', rects: Array.from({ length: 100_000 }, () => null) });
    expect(result).toEqual({ ok: true, location: { state: 'gone', rects: [] }, warnings: ['a gone location carried rects; they were dropped'] });
  });

  it.each([
    ['window', 1.5], ['window', '12'], ['window', null],
    ['avoid', { x: 1 }], ['avoid', [rect]], ['avoid', { ...rect, w: -1 }],
    ['edge', 'middle'], ['edge', 'TOP'], ['edge', 3],
  ])('drops a malformed %s hint (%j) with a warning and keeps the rest', (name, value) => {
    const result = readLocation({ state: 'visible', rects: [rect], edge: 'left', window: 9, avoid: rect, [name]: value });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.hasOwn(result.location, name)).toBe(false);
    expect(result.location.rects).toEqual([rect]);
    expect(result.warnings).toEqual([`the location's ${name} is malformed and was ignored`]);
    for (const other of ['window', 'avoid', 'edge'].filter((n) => n !== name)) expect(Object.hasOwn(result.location, other)).toBe(true);
  });

  it('reads inherited hints as absent', () => {
    const raw = Object.assign(Object.create({ edge: 'top', window: 3 }) as object, { state: 'visible', rects: [] });
    expect(readLocation(raw)).toEqual({ ok: true, location: { state: 'visible', rects: [] }, warnings: [] });
  });

  it('GONE is a frozen gone location without rects', () => {
    expect(GONE).toEqual({ state: 'gone', rects: [] });
    expect(Object.isFrozen(GONE)).toBe(true);
  });
});
