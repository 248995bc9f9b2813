// A long-running host may meet step 5 of docs/protocol.md, "The host's checks, in order" (who
// listens on the port) with a connection it opened after that check passed and that is still
// connected: a request over an established connection reaches the process that accepted it. These
// tests hold it to that: the OS is asked once while the connection lasts, again whenever it is
// gone, and no request ever opens a new connection without the check.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createProviderLink, LINK_CLOSED } from '../../app/client/connections.js';
import { connectionGuard } from '../../app/discovery/check-connection.js';
import { listProviders } from '../../app/discovery/find.js';
import { createOs } from '../../app/os/index.js';
import type { OsServices } from '../../app/os/types.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createHostCache, type HostCache } from '../../app/invocation/host-cache.js';
import { locateRef } from '../../app/invocation/locate.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import { connectionsTo } from '../helpers/sockets.js';

const suite = useProviderSuite();
const caches: HostCache[] = [];
afterEach(async () => {
  for (const cache of caches.splice(0)) await cache.close();
});

/** The real OS services, counting how often the listener check asks the OS (at connect time or by listing). */
function countingOs(): { os: OsServices; asked: () => number } {
  const real = createOs();
  let asked = 0;
  return {
    os: {
      ...real,
      listeners: (port) => { asked += 1; return real.listeners(port); },
      connection: (port, client) => { asked += 1; return real.connection(port, client); },
    },
    asked: () => asked,
  };
}

function hostCache(options?: { keepConnections?: boolean }): HostCache {
  const cache = createHostCache(options);
  caches.push(cache);
  return cache;
}

describe('a verified connection kept by the host', () => {
  it('stands in for asking the OS while it lasts: one check for three collections and a location', async () => {
    const p = await suite.start();
    const { os, asked } = countingOs();
    const deps = { os, env: suite.env(), cache: hostCache() };
    for (let i = 0; i < 3; i++) expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    const located = await locateRef({ pid: p.pid, instance: p.descriptor.instance, id: 'sel-1' }, deps);
    expect(located.ok && located.location.state).toBe('visible');
    expect(asked()).toBe(1);
    expect(connectionsTo(Number(new URL(p.endpoint).port))).toBe(1);
    // `glance providers` and any listing judge every descriptor afresh.
    await listProviders({ os, env: suite.env() });
    expect(asked()).toBe(2);
  });

  it('is not kept by a provider that closes each connection: then every collection asks the OS', async () => {
    const p = await suite.start({ TP_CONNECTION: 'close' });
    const { os, asked } = countingOs();
    const deps = { os, env: suite.env(), cache: hostCache() };
    for (let i = 0; i < 3; i++) expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    expect(asked()).toBe(3);
  });

  it('closing just as the host sends: the host checks in full and asks once more', async () => {
    const p = await suite.start({ TP_CONNECTION: 'drop-kept' });
    const { os, asked } = countingOs();
    const deps = { os, env: suite.env(), cache: hostCache() };
    expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    expect(asked()).toBe(1);
    // The kept connection is dropped unanswered; the second try runs on a checked new one.
    const again = await collectContext({ pid: p.pid }, deps);
    expect(again.kind).toBe('collected');
    expect(asked()).toBe(2);
    const located = await locateRef({ pid: p.pid, instance: p.descriptor.instance, id: 'sel-1' }, deps);
    expect(located.ok && located.location.state).toBe('visible');
    expect(asked()).toBe(3);
  });

  it('ends with its process: a provider killed outright is ignored as not running, and nothing is sent', async () => {
    const p = await suite.start();
    const { os, asked } = countingOs();
    const deps = { os, env: suite.env(), cache: hostCache() };
    expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    process.kill(p.pid, 'SIGKILL');
    await p.process.exited;
    const after = await collectContext({ pid: p.pid }, deps);
    expect(after.kind).toBe('ignored');
    expect(after.kind === 'ignored' && after.reasons[0]).toMatch(/is no longer running/);
    expect(asked()).toBe(1);
  });

  it('is never used in place of the check when the host is told not to (the bench measures both)', async () => {
    const p = await suite.start();
    const { os, asked } = countingOs();
    const deps = { os, env: suite.env(), cache: hostCache({ keepConnections: false }) };
    for (let i = 0; i < 3; i++) expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    expect(asked()).toBe(3);
  });
});

describe('the link of one session', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('opens no socket unless the exchange allows it, and then only a checked one; fails at once instead', async () => {
    let connections = 0;
    server = createServer((_req, res) => res.end('{}'));
    server.on('connection', () => { connections += 1; });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const endpoint = new URL(`http://127.0.0.1:${port}/`);
    // The server runs in this very process: the connect-time check finds it holds both ends.
    const permit = { guard: connectionGuard(port, { pid: process.pid }, createOs()), signal: new AbortController().signal };
    const link = createProviderLink(endpoint);
    const post = async (): Promise<void> => {
      const res = await link.send({ method: 'POST', headers: {}, body: '{}', signal: new AbortController().signal });
      res.resume();
      await new Promise((resolve) => res.once('end', resolve));
    };
    await expect(post()).rejects.toMatchObject({ code: LINK_CLOSED });
    expect(connections).toBe(0);
    expect(link.connected).toBe(false);
    link.allowConnect(permit);
    await post();
    link.allowConnect(undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(link.connected).toBe(true);
    // The kept socket carries the next request; no new one is opened.
    await post();
    expect(connections).toBe(1);
    server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(link.connected).toBe(false);
    await expect(post()).rejects.toMatchObject({ code: LINK_CLOSED });
    expect(connections).toBe(1);
    link.close();
  });
});
