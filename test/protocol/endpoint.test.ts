// docs/protocol.md, "The host's checks, in order", step 4: the endpoint must literally be
// http://127.0.0.1:<port><path>; "The endpoint": the path is RFC 3986 pchar segments that no
// server could normalise into another.
import { describe, expect, it } from 'vitest';
import { parseEndpoint } from '@app-context/provider-kit/protocol';

describe('parseEndpoint', () => {
  it.each([
    ['http://127.0.0.1:49213/context/mcp', 49213, '/context/mcp'],
    ['http://127.0.0.1:49213/context/mcp?token=no&x=1', 49213, '/context/mcp?token=no&x=1'],
    ['http://127.0.0.1:1/', 1, '/'],
    ['http://127.0.0.1:65535/mcp', 65535, '/mcp'],
    ['http://127.0.0.1:8080/a/b/c?', 8080, '/a/b/c?'],
    ['http://127.0.0.1:8080/?q', 8080, '/?q'],
    ['http://127.0.0.1:10000/p%20q', 10000, '/p%20q'],
    // Every pchar: unreserved, percent-encodings (other than . / \\), sub-delims, ":" and "@".
    ['http://127.0.0.1:8080/AZaz09-._~', 8080, '/AZaz09-._~'],
    ['http://127.0.0.1:8080/a%41%7e%7E%25%3F%23%00', 8080, '/a%41%7e%7E%25%3F%23%00'],
    ["http://127.0.0.1:8080/!$&'()*+,;=", 8080, "/!$&'()*+,;="],
    ['http://127.0.0.1:8080/user@host:8080/x', 8080, '/user@host:8080/x'],
    ['http://127.0.0.1:8080/.well-known/mcp', 8080, '/.well-known/mcp'],
    ['http://127.0.0.1:8080/a..b/...', 8080, '/a..b/...'],
    ['http://127.0.0.1:8080/a/b/', 8080, '/a/b/'],
    ['http://127.0.0.1:8080/a//b', 8080, '/a//b'],
    // The query: RFC 3986 query characters (pchar, "/" and "?"), any percent-encoding.
    ["http://127.0.0.1:8080/mcp?a='b'&c=d/e?f:g@h", 8080, "/mcp?a='b'&c=d/e?f:g@h"],
    ['http://127.0.0.1:8080/mcp?x=%2e%2E/../%2f%5C', 8080, '/mcp?x=%2e%2E/../%2f%5C'],
    ['http://127.0.0.1:8080/mcp??', 8080, '/mcp??'],
  ])('accepts %s', (endpoint, port, path) => {
    expect(parseEndpoint(endpoint)).toEqual({ ok: true, port, path });
  });

  it.each([
    ['localhost', 'http://localhost:49213/mcp'],
    ['another host', 'http://example.com:49213/mcp'],
    ['another loopback address', 'http://127.0.0.2:49213/mcp'],
    ['a short loopback form', 'http://127.1:49213/mcp'],
    ['IPv6 loopback', 'http://[::1]:49213/mcp'],
    ['the wildcard address', 'http://0.0.0.0:49213/mcp'],
    ['a hex address', 'http://0x7f.0.0.1:49213/mcp'],
    ['https', 'https://127.0.0.1:49213/mcp'],
    ['an upper-case scheme', 'HTTP://127.0.0.1:49213/mcp'],
    ['ws', 'ws://127.0.0.1:49213/mcp'],
    ['no port', 'http://127.0.0.1/mcp'],
    ['an empty port', 'http://127.0.0.1:/mcp'],
    ['port 0', 'http://127.0.0.1:0/mcp'],
    ['port 65536', 'http://127.0.0.1:65536/mcp'],
    ['port 99999', 'http://127.0.0.1:99999/mcp'],
    ['a six-digit port', 'http://127.0.0.1:100000/mcp'],
    ['a leading zero', 'http://127.0.0.1:049213/mcp'],
    ['port 00', 'http://127.0.0.1:00/mcp'],
    ['a signed port', 'http://127.0.0.1:+80/mcp'],
    ['no path', 'http://127.0.0.1:49213'],
    ['a query without a path', 'http://127.0.0.1:49213?x=1'],
    ['a fragment', 'http://127.0.0.1:49213/mcp#frag'],
    ['a fragment after a query', 'http://127.0.0.1:49213/mcp?q=1#frag'],
    ['an empty fragment', 'http://127.0.0.1:49213/mcp#'],
    ['user and password', 'http://user:pass@127.0.0.1:49213/mcp'],
    ['a user name', 'http://user@127.0.0.1:49213/mcp'],
    ['127.0.0.1 as a user name', 'http://127.0.0.1:49213@evil.example/mcp'],
    ['a trailing dot host', 'http://127.0.0.1.:49213/mcp'],
    ['a leading space', ' http://127.0.0.1:49213/mcp'],
    ['a trailing space', 'http://127.0.0.1:49213/mcp '],
    ['a trailing newline', 'http://127.0.0.1:49213/mcp\n'],
    ['a space in the path', 'http://127.0.0.1:49213/co ntext'],
    ['a tab in the path', 'http://127.0.0.1:49213/a\tb'],
    ['a newline in the query', 'http://127.0.0.1:49213/a?b\nc'],
    ['a backslash for the path', 'http://127.0.0.1:49213\\mcp'],
    ['an empty string', ''],
  ])('rejects %s', (_name, endpoint) => {
    const result = parseEndpoint(endpoint);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).not.toContain(endpoint.trim() || '\u0000');
  });

  it.each([
    ['a ".." segment', 'http://127.0.0.1:8080/a/../b', /"\.\." segment/],
    ['a ".." segment at the end', 'http://127.0.0.1:8080/a/..', /"\.\." segment/],
    ['a ".." segment before the query', 'http://127.0.0.1:8080/a/..?x', /"\.\." segment/],
    ['a "." segment', 'http://127.0.0.1:8080/./mcp', /"\." segment/],
    ['a "." segment at the end', 'http://127.0.0.1:8080/mcp/.', /"\." segment/],
    ['a percent-encoded dot pair', 'http://127.0.0.1:8080/a/%2e%2e/b', /percent-encoded "\.", "\/" or "\\"/],
    ['an upper-case percent-encoded dot', 'http://127.0.0.1:8080/a/%2E/b', /percent-encoded/],
    ['a half-encoded dot pair', 'http://127.0.0.1:8080/a/.%2E/b', /percent-encoded/],
    ['a percent-encoded dot inside a segment', 'http://127.0.0.1:8080/a%2eb', /percent-encoded/],
    ['a percent-encoded slash', 'http://127.0.0.1:8080/a%2fb', /percent-encoded/],
    ['an upper-case percent-encoded slash', 'http://127.0.0.1:8080/a%2Fb', /percent-encoded/],
    ['a percent-encoded backslash', 'http://127.0.0.1:8080/a%5cb', /percent-encoded/],
    ['an upper-case percent-encoded backslash', 'http://127.0.0.1:8080/a%5Cb', /percent-encoded/],
    ['a backslash', 'http://127.0.0.1:8080/a\\b', /backslash/],
    ['a backslash segment', 'http://127.0.0.1:8080/a/..\\b', /backslash|"\.\." segment/],
    ['a backslash in the query', 'http://127.0.0.1:8080/a?b\\c', /backslash/],
    ['a space', 'http://127.0.0.1:8080/co ntext', /space or a control character/],
    ['a tab', 'http://127.0.0.1:8080/a\tb', /space or a control character/],
    ['a NUL', 'http://127.0.0.1:8080/a\u0000b', /space or a control character/],
    ['DEL', 'http://127.0.0.1:8080/a\u007fb', /space or a control character/],
    ['a C1 control', 'http://127.0.0.1:8080/a\u0085b', /space or a control character/],
    ['a newline in the query', 'http://127.0.0.1:8080/a?b\nc', /space or a control character/],
    ['a "%" without two hex digits', 'http://127.0.0.1:8080/a%2', /"%" not followed by two hexadecimal digits/],
    ['a "%" with a non-hex digit', 'http://127.0.0.1:8080/a%zz', /"%" not followed by two hexadecimal digits/],
    ['a malformed percent-encoding in the query', 'http://127.0.0.1:8080/a?b=%g0', /"%" not followed by two hexadecimal digits/],
    ['a non-ASCII letter', 'http://127.0.0.1:8080/caf\u00e9', /outside RFC 3986/],
    ['a right-to-left override', 'http://127.0.0.1:8080/a\u202eb', /space or a control character|outside RFC 3986/],
    ['a double quote', 'http://127.0.0.1:8080/a"b', /outside RFC 3986/],
    ['angle brackets', 'http://127.0.0.1:8080/<a>', /outside RFC 3986/],
    ['a caret', 'http://127.0.0.1:8080/a^b', /outside RFC 3986/],
    ['a backtick', 'http://127.0.0.1:8080/a`b', /outside RFC 3986/],
    ['braces', 'http://127.0.0.1:8080/a{b}', /outside RFC 3986/],
    ['a pipe', 'http://127.0.0.1:8080/a|b', /outside RFC 3986/],
    ['square brackets', 'http://127.0.0.1:8080/a[b]', /outside RFC 3986/],
    ['a double quote in the query', 'http://127.0.0.1:8080/a?b="c"', /outside RFC 3986/],
  ])('rejects a path with %s, saying what is wrong without quoting it', (_name, endpoint, why) => {
    const result = parseEndpoint(endpoint);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(why);
    expect(result.reason).toMatch(/^its endpoint's (path|query) /);
    const target = endpoint.slice('http://127.0.0.1:8080'.length);
    expect(result.reason).not.toContain(target);
  });

  it('every accepted endpoint parses as a URL on 127.0.0.1 with the same port and path', () => {
    for (const endpoint of ['http://127.0.0.1:49213/context/mcp', 'http://127.0.0.1:80/x?y=z', 'http://127.0.0.1:1/']) {
      const result = parseEndpoint(endpoint);
      const url = new URL(endpoint);
      expect(url.hostname).toBe('127.0.0.1');
      expect(result.ok && result.port).toBe(Number(url.port || 80));
      expect(result.ok && result.path).toBe(url.pathname + url.search + (endpoint.endsWith('?') ? '?' : ''));
    }
  });
});
