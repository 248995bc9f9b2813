// The text formats we read, on output shaped like the real thing: lsof -F, /proc/net/tcp(6),
// lsappinfo, and IPv6 addresses printed the way inet_ntop (and so lsof) prints them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLsofListeners } from '../../app/os/lsof.js';
import { decodeProcAddress, parseProcNetTcp } from '../../app/os/proc-net.js';
import { formatIpv6 } from '../../app/os/ipv6.js';
import { enclosingAppBundle, parseInfoPlistJson, parseLsappinfoBundleId } from '@app-context/provider-kit/platform';

describe('parseLsofListeners', () => {
  it('reads Linux lsof 4.95 output (-Fpnt)', () => {
    const out = 'p5920\ntIPv4\nn127.0.0.1:45671\np6001\ntIPv6\nn[::1]:45671\ntIPv4\nn*:45671\ntIPv6\nn*:45671\n';
    expect(parseLsofListeners(out, 45671)).toEqual([
      { pid: 5920, address: '127.0.0.1' },
      { pid: 6001, address: '::1' },
      { pid: 6001, address: '0.0.0.0' },
      { pid: 6001, address: '::' },
    ]);
  });

  it('reads macOS-shaped output with f lines, and plain -Fpn output without types', () => {
    const mac = 'p812\nf5\ntIPv4\nn127.0.0.1:8080\nf6\ntIPv6\nn[::]:8080\n';
    expect(parseLsofListeners(mac, 8080)).toEqual([
      { pid: 812, address: '127.0.0.1' },
      { pid: 812, address: '::' },
    ]);
    expect(parseLsofListeners('p1\nn*:8080\r\n', 8080)).toEqual([{ pid: 1, address: '*' }]);
  });

  it('skips connections, other ports, names before any pid, and junk', () => {
    const out = 'n127.0.0.1:80\np7\nn127.0.0.1:80->127.0.0.1:5000\nn127.0.0.1:8080\nn10.0.0.2:80\npabc\nn127.0.0.1:80\n\nzzz\n';
    expect(parseLsofListeners(out, 80)).toEqual([{ pid: 7, address: '10.0.0.2' }]);
    expect(parseLsofListeners('', 80)).toEqual([]);
  });
});

// Lines copied from a real /proc/net/tcp and tcp6 (x86_64, little-endian).
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   1: 00000000:B26A 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11714 1 00000000e7fb2924 100 0 0 10 0
   2: 0100007F:B26A 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11712 1 00000000060eb434 100 0 0 10 0
   3: 0100007F:B26A 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 11799 1 00000000060eb434 20 4 30 10 -1
   4: 0200A8C0:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 2222 1 00000000060eb434 100 0 0 10 0
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000001000000:B268 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11713 1 000000002925c7e6 100 0 0 10 0
   1: 00000000000000000000000000000000:B268 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11711 1 000000002767ddbc 100 0 0 10 0
   2: 0000000000000000FFFF00000100007F:B268 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11720 1 000000002767ddbc 100 0 0 10 0
`;

describe('parseProcNetTcp', () => {
  it('keeps LISTEN sockets on the port, with inode and address', () => {
    expect(parseProcNetTcp(TCP, 0xb26a, true)).toEqual([
      { inode: '11714', address: '0.0.0.0' },
      { inode: '11712', address: '127.0.0.1' },
    ]);
    expect(parseProcNetTcp(TCP, 8080, true)).toEqual([{ inode: '2222', address: '192.168.0.2' }]);
    expect(parseProcNetTcp(TCP, 1, true)).toEqual([]);
  });

  it('decodes IPv6 word by word; an IPv4-mapped address reads as IPv4, as lsof prints it', () => {
    expect(parseProcNetTcp(TCP6, 0xb268, true)).toEqual([
      { inode: '11713', address: '::1' },
      { inode: '11711', address: '::' },
      { inode: '11720', address: '127.0.0.1' },
    ]);
  });

  it('decodes a big-endian host too', () => {
    expect(decodeProcAddress('7F000001', false)).toBe('127.0.0.1');
    expect(decodeProcAddress('00000000000000000000000000000001', false)).toBe('::1');
    expect(decodeProcAddress('XYZ', true)).toBeUndefined();
  });
});

describe('formatIpv6 (inet_ntop style)', () => {
  const bytes = (hex: string) => (hex.match(/../g) ?? []).map((h) => parseInt(h, 16));
  it.each([
    ['00000000000000000000000000000000', '::'],
    ['00000000000000000000000000000001', '::1'],
    ['fe8000000000000000fc00fffe000001', 'fe80::fc:ff:fe00:1'],
    ['20010db8000000010000000000000001', '2001:db8:0:1::1'],
    ['20010db8000100000001000000000001', '2001:db8:1:0:1::1'],
    ['20010db8000000000001000000000000', '2001:db8:0:0:1::'],
    ['20010db8000000000001000000000001', '2001:db8::1:0:0:1'],
    ['00010002000300040005000600070008', '1:2:3:4:5:6:7:8'],
    ['00000000000000000000ffffc0a80001', '::ffff:192.168.0.1'],
    ['0000000000000000000000000a000001', '::10.0.0.1'],
  ])('%s -> %s', (hex, text) => {
    expect(formatIpv6(bytes(hex))).toBe(text);
  });
  it('agrees with the WHATWG URL serializer (RFC 5952) wherever no dotted IPv4 form applies', () => {
    const word = fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0xffff), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(word, { minLength: 8, maxLength: 8 }), (words) => {
        const text = formatIpv6(words.flatMap((w) => [w >> 8, w & 0xff])) ?? '';
        if (text.includes('.')) return; // glibc's ::a.b.c.d and ::ffff:a.b.c.d, checked above
        const canonical = new URL(`http://[${words.map((w) => w.toString(16)).join(':')}]/`).hostname.slice(1, -1);
        expect(text).toBe(canonical);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a wrong length', () => {
    expect(formatIpv6([1, 2, 3])).toBeUndefined();
  });
});

describe('macOS bundle-id parsing', () => {
  it('reads lsappinfo in its several forms', () => {
    expect(parseLsappinfoBundleId('"CFBundleIdentifier"="com.apple.Safari"\n')).toBe('com.apple.Safari');
    expect(parseLsappinfoBundleId('bundleID="com.apple.Notes"')).toBe('com.apple.Notes');
    expect(parseLsappinfoBundleId('"CFBundleIdentifier"=[ NULL ]')).toBeUndefined();
    expect(parseLsappinfoBundleId('')).toBeUndefined();
  });

  it('finds the innermost .app whose Contents/MacOS holds the executable', () => {
    expect(enclosingAppBundle('/Applications/Notes.app/Contents/MacOS/Notes')).toBe('/Applications/Notes.app');
    expect(enclosingAppBundle('/Applications/Slack.app/Contents/Frameworks/Slack Helper.app/Contents/MacOS/Slack Helper')).toBe(
      '/Applications/Slack.app/Contents/Frameworks/Slack Helper.app',
    );
    expect(enclosingAppBundle('/usr/bin/python3')).toBeUndefined();
    expect(enclosingAppBundle('Notes.app/Contents/MacOS/Notes')).toBeUndefined();
  });

  it('reads CFBundleIdentifier from plutil JSON', () => {
    expect(parseInfoPlistJson('{"CFBundleIdentifier":"com.example.Editor","CFBundleName":"Editor"}')).toBe('com.example.Editor');
    expect(parseInfoPlistJson('{"CFBundleIdentifier":7}')).toBeUndefined();
    expect(parseInfoPlistJson('not json')).toBeUndefined();
  });
});
