// docs/protocol.md, "The descriptor": the descriptor's eight fields, and errors that never quote
// a value.
import { describe, expect, it } from 'vitest';
import { DescriptorSchema, describeDescriptorProblems, publicDescriptor } from '@app-context/provider-kit/protocol';

const TOKEN = 'Q0e1abcdEFGH_-ijklmnopqrstuvwxyz0123456789AB';
const good = {
  protocol: '0.2.0',
  bundleId: 'com.example.editor',
  name: 'Editor',
  version: '3.1.0',
  pid: 4242,
  instance: 'k3f9x2',
  endpoint: 'http://127.0.0.1:49213/context/mcp',
  token: TOKEN,
};
type Field = keyof typeof good;
const FIELDS = Object.keys(good) as Field[];

const problemsOf = (raw: unknown): string => {
  const parsed = DescriptorSchema.safeParse(raw);
  if (parsed.success) throw new Error('expected the descriptor to be refused');
  return describeDescriptorProblems(parsed.error);
};

describe('DescriptorSchema', () => {
  it('accepts a descriptor like the example of docs/protocol.md, "The descriptor"', () => {
    expect(DescriptorSchema.parse(good)).toEqual(good);
  });

  it('has exactly eight fields', () => {
    expect(FIELDS).toHaveLength(8);
  });

  it.each(FIELDS)('requires %s', (field) => {
    const raw = Object.fromEntries(Object.entries(good).filter(([key]) => key !== field));
    expect(problemsOf(raw)).toContain(field);
  });

  it.each(FIELDS)('refuses %s when null', (field) => {
    expect(problemsOf({ ...good, [field]: null })).toContain(field);
  });

  it('ignores unknown fields', () => {
    expect(DescriptorSchema.parse({ ...good, icon: 'x', future: { a: 1 } })).toEqual(good);
  });

  it('does not require a supported protocol: the version rule reports that', () => {
    expect(DescriptorSchema.safeParse({ ...good, protocol: '9.9.9' }).success).toBe(true);
  });

  it.each([
    ['16 characters', 'a'.repeat(16)],
    ['512 characters', 'b'.repeat(512)],
    ['every printable ASCII character but space', Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('')],
  ])('accepts a token of %s', (_name, token) => {
    expect(DescriptorSchema.safeParse({ ...good, token }).success).toBe(true);
  });

  it.each([
    ['15 characters', 'a'.repeat(15)],
    ['513 characters', 'b'.repeat(513)],
    ['a space', 'abcdefgh ijklmnopq'],
    ['a tab', 'abcdefgh\tijklmnopq'],
    ['a newline at the end', `${'a'.repeat(20)}\n`],
    ['a DEL character', `${'a'.repeat(20)}\u007f`],
    ['a non-ASCII letter', `${'a'.repeat(20)}é`],
    ['a number', 1234567890123456],
  ])('refuses a token with %s', (_name, token) => {
    expect(problemsOf({ ...good, token })).toContain('token');
  });

  it.each([1, 4242, 2 ** 31])('accepts the pid %j', (pid) => {
    expect(DescriptorSchema.safeParse({ ...good, pid }).success).toBe(true);
  });

  it.each([0, -1, 1.5, '4242', NaN, Infinity, 2 ** 60])('refuses the pid %j', (pid) => {
    expect(problemsOf({ ...good, pid })).toContain('pid');
  });

  it.each(['a', 'k3f9x2', 'A_b-9', 'x'.repeat(128)])('accepts the instance %j', (instance) => {
    expect(DescriptorSchema.safeParse({ ...good, instance }).success).toBe(true);
  });

  it.each(['', 'x'.repeat(129), 'a b', 'a.b', 'é', 42])('refuses the instance %j', (instance) => {
    expect(problemsOf({ ...good, instance })).toContain('instance');
  });

  it.each([null, 'x', [good], 5])('refuses a descriptor that is not an object (%j)', (raw) => {
    expect(DescriptorSchema.safeParse(raw).success).toBe(false);
  });
});

describe('describeDescriptorProblems', () => {
  it('names the fields and never quotes a value', () => {
    const SECRET = 'SEKRETvalueXYZ0123456789';
    const raw = {
      protocol: 7, bundleId: '', name: [SECRET], version: { v: SECRET }, pid: SECRET, instance: `${SECRET} !`,
      endpoint: 12, token: `${SECRET} with a space`, extra: SECRET,
    };
    const text = problemsOf(raw);
    for (const field of FIELDS) expect(text).toContain(field);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('SEKRET');
  });

  it('does not quote a token placed in the wrong field', () => {
    const text = problemsOf({ ...good, pid: TOKEN, token: 5 });
    expect(text).not.toContain(TOKEN);
    expect(text).toMatch(/pid/);
  });

  it('says "the file" when the whole value is wrong', () => {
    expect(problemsOf('not an object')).toContain('the file');
  });
});

// docs/protocol.md, "Providers served by a helper": one optional field more.
describe('helperPid', () => {
  it('is kept when a positive whole number other than pid, and absent reads exactly as before', () => {
    expect(DescriptorSchema.parse({ ...good, helperPid: 5120 })).toEqual({ ...good, helperPid: 5120 });
    expect(Object.hasOwn(DescriptorSchema.parse(good), 'helperPid')).toBe(false);
  });

  it.each([0, -1, 1.5, '5120', null])('refuses helperPid %s, naming only the field', (helperPid) => {
    expect(problemsOf({ ...good, helperPid })).toBe('these fields are missing or malformed: helperPid');
  });

  it('refuses helperPid equal to pid: the app itself is no helper', () => {
    expect(problemsOf({ ...good, helperPid: good.pid })).toBe('these fields are missing or malformed: helperPid');
  });
});

describe('publicDescriptor', () => {
  it('keeps every field but the token', () => {
    const out = publicDescriptor(DescriptorSchema.parse(good));
    expect(out).toEqual({ ...good, token: undefined });
    expect(Object.hasOwn(out, 'token')).toBe(false);
    expect(JSON.stringify(out)).not.toContain(TOKEN);
  });

  it('keeps helperPid when there is one', () => {
    expect(publicDescriptor(DescriptorSchema.parse({ ...good, helperPid: 5120 }))).toMatchObject({ pid: 4242, helperPid: 5120 });
  });
});
