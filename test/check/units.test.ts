import { describe, expect, it } from 'vitest';
import { checkContentSize } from '../../app/check/content-size.js';
import { checkFieldsPresent, checkInstance, checkToken } from '../../app/check/descriptor-checks.js';
import { checkFileName } from '../../app/check/file-checks.js';
import { providerText, redactToken, safeLine } from '../../app/check/redact.js';
import { checkTokenStrength } from '../../app/check/token-strength.js';
import type { Element } from '@app-context/provider-kit/protocol';

describe('token strength', () => {
  it.each([
    ['base64url of 32 bytes (43 characters)', 'Q0e1Zx9_-aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3w', true],
    ['base64url of 31 bytes (42 characters)', 'Q0e1Zx9_-aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3', false],
    ['hex of 32 bytes (64 characters)', '0123456789abcdef'.repeat(4), true],
    ['hex of 24 bytes (48 characters)', '0123456789abcdef'.repeat(3), false],
    ['40 characters of the whole printable range', '!"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGH', true],
    ['43 characters with 3 distinct ones', 'abc'.repeat(15).slice(0, 43), false],
  ])('%s: ok %s', (_label, token, ok) => {
    const result = checkTokenStrength(token);
    expect(result.ok).toBe(ok);
    expect(result.detail ?? '').not.toContain(token);
  });

  it('refuses a token outside 16-512 printable characters without quoting it', () => {
    for (const token of ['short', 'has a space in it, long enough', 'x'.repeat(513)]) {
      const result = checkToken({ token });
      expect(result.ok).toBe(false);
      expect(result.detail).toMatch(/16 to 512 printable ASCII characters without spaces/);
      expect(result.detail).not.toContain(token);
    }
  });
});

describe('redaction', () => {
  const token = 'Q0e1Zx9_-aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3w';

  it('replaces every occurrence, and the JSON-escaped form of a token with quotes', () => {
    expect(redactToken(`a ${token} b ${token}`, token)).toBe('a [token] b [token]');
    const quoted = 'abc"def\\ghi-0123456789';
    expect(redactToken(JSON.stringify({ t: quoted }), quoted)).toBe('{"t":"[token]"}');
  });

  it('leaves text alone without a token, or with one too short to redact sensibly', () => {
    expect(redactToken('a b c', undefined)).toBe('a b c');
    expect(redactToken('a b c', 'a')).toBe('a b c');
  });

  it('makes provider texts one safe line: control characters replaced, long texts cut after redaction', () => {
    expect(providerText('red \u001b[31m\nline', token)).toBe('red ?[31m?line');
    const cut = providerText(`${'x'.repeat(290)}${token}`, token);
    expect(cut).not.toContain(token.slice(0, 10));
    expect(cut).toMatch(/\[token\]$/);
    expect(providerText('y'.repeat(1000), token)).toHaveLength(301);
    expect(safeLine(`z\t${token}`, token)).toBe('z?[token]');
  });
});

describe('descriptor fields and file name', () => {
  it('names missing and mistyped fields, never their values', () => {
    const result = checkFieldsPresent({ protocol: '0.2.0', bundleId: 'b', name: 'n', pid: '42', instance: 'i', endpoint: 'secret-endpoint', token: 7 });
    expect(result).toEqual({ name: 'descriptor-fields', ok: false, detail: expect.stringMatching(/^missing: version; wrong type: pid \(not a number\), token \(not a string\);/) });
    expect(result.detail).not.toContain('secret-endpoint');
  });

  it('applies the id rule to the instance', () => {
    expect(checkInstance({ instance: 'k3f9x2' }).ok).toBe(true);
    expect(checkInstance({ instance: 'has space' }).ok).toBe(false);
    expect(checkInstance({ instance: 'x'.repeat(129) }).ok).toBe(false);
  });

  it('recommends <bundleId>.<pid>.json, and fails a name that names another pid', () => {
    expect(checkFileName('com.x.42.json', { bundleId: 'com.x' }, 42)).toEqual({ name: 'file-name', ok: true, detail: 'com.x.42.json' });
    expect(checkFileName('mine.json', { bundleId: 'com.x' }, 42).detail).toMatch(/^note: .*\(com\.x\.42\.json\)/);
    expect(checkFileName('com.x.43.json', { bundleId: 'com.x' }, 42)).toMatchObject({ ok: false, detail: expect.stringMatching(/names process 43/) });
  });

  it("recommends <bundleId>.<pid>.<helperPid>.json for a helper's descriptor, and reads the pid from it", () => {
    const helper = { bundleId: 'com.x', helperPid: 77 };
    expect(checkFileName('com.x.42.77.json', helper, 42)).toEqual({ name: 'file-name', ok: true, detail: 'com.x.42.77.json' });
    expect(checkFileName('com.x.42.json', helper, 42).detail).toMatch(/^note: the recommended name is <bundleId>\.<pid>\.<helperPid>\.json \(com\.x\.42\.77\.json\)/);
    expect(checkFileName('com.x.43.77.json', helper, 42)).toMatchObject({ ok: false, detail: expect.stringMatching(/names process 43/) });
  });
});

describe('content size', () => {
  const root = (content: Element['content']): Element => ({ id: 'app', role: 'Application', children: [{ id: 'el-1', role: 'Text', content }] });

  it('passes small content and names the element of an oversized embedded resource text', () => {
    expect(checkContentSize(root([{ type: 'text', text: 'hi' }]), 100).ok).toBe(true);
    const big = checkContentSize(root([{ type: 'resource', resource: { uri: 'file:///a', text: 'é'.repeat(40 * 1024) } }]), 100);
    expect(big).toMatchObject({ ok: false, detail: expect.stringMatching(/^el-1 has 80 KiB of text in one block/) });
  });

  it('fails an answer over 4 MiB of JSON in all', () => {
    expect(checkContentSize(root([]), 5 * 1024 * 1024).detail).toMatch(/the whole answer is 5 MiB of JSON \(at most 4 MiB\)/);
  });
});
