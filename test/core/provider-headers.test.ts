// The headers every request to a provider carries, and the content codings the host refuses
// (docs/protocol.md, "How a host talks to the endpoint"). The real requests, as a provider receives
// them, are checked in test/check/same-requests.test.ts and, on port 80, in
// test/faults/port-80.test.ts.
import { describe, expect, it } from 'vitest';
import { hostHeader, providerHeaders } from '../../app/client/connections.js';
import { contentCoding } from '../../app/client/wire.js';

describe('the Host header', () => {
  it('always writes the port, 80 included', () => {
    expect(hostHeader(80)).toBe('127.0.0.1:80');
    expect(hostHeader(8080)).toBe('127.0.0.1:8080');
  });

  it('comes out right from an endpoint on port 80, where the URL itself drops the port', () => {
    const endpoint = new URL('http://127.0.0.1:80/context/mcp');
    expect(endpoint.port).toBe('');
    expect(providerHeaders(endpoint)).toEqual({ host: '127.0.0.1:80', 'accept-encoding': 'identity' });
    expect(providerHeaders(new URL('http://127.0.0.1:49152/x?y=1')).host).toBe('127.0.0.1:49152');
  });
});

describe('a content coding', () => {
  it('is none for a missing, empty or identity header', () => {
    for (const header of [null, '', 'identity', ' Identity ']) expect(contentCoding(header)).toBeUndefined();
  });

  it('is named when it is a known one, and never quoted otherwise', () => {
    expect(contentCoding('gzip')).toBe('gzip');
    expect(contentCoding('GZIP')).toBe('gzip');
    expect(contentCoding('deflate, br')).toBe('deflate, br');
    expect(contentCoding('gzip, identity')).toBe('gzip');
    expect(contentCoding('x-secret-text-of-the-provider')).toBe('another coding');
    expect(contentCoding('gzip, <b>')).toBe('another coding');
  });
});
