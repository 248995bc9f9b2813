// wire.md section 4, step 4: the endpoint must literally be http://127.0.0.1:<port><path>.
import { describe, expect, it } from 'vitest';
import { parseEndpoint } from '../../app/protocol/descriptor.js';

describe('parseEndpoint', () => {
  it.each([
    ['http://127.0.0.1:49213/context/mcp', 49213, '/context/mcp'],
    ['http://127.0.0.1:49213/context/mcp?token=no&x=1', 49213, '/context/mcp?token=no&x=1'],
    ['http://127.0.0.1:1/', 1, '/'],
    ['http://127.0.0.1:65535/mcp', 65535, '/mcp'],
    ['http://127.0.0.1:8080/a/b/c?', 8080, '/a/b/c?'],
    ['http://127.0.0.1:8080/?q', 8080, '/?q'],
    ['http://127.0.0.1:10000/p%20q', 10000, '/p%20q'],
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
