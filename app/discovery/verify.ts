import { type Descriptor, parseEndpoint, isSupportedVersion, SUPPORTED_RANGE, VERSION_PATTERN } from '@app-context/provider-kit/protocol';
import type { OsServices } from '../os/types.js';
import { checkHelper } from './check-helper.js';

/** A descriptor that passed step 4 (step 5 runs at connect time), or the reason it is ignored. */
export type Verification = { ok: true; port: number; path: string; viaLink?: boolean } | { ok: false; reason: string };

/**
 * Whether the host still holds a connection to exactly this descriptor's provider run (pid,
 * instance, endpoint, token, protocol) that was opened after a full check and is connected.
 */
export type LinkedCheck = (descriptor: Descriptor) => boolean;

/**
 * Step 4 of docs/protocol.md, "The host's checks, in order", for one parsed descriptor, cheapest
 * first. `bundleId` is what the OS reports for the process (the front app's, or looked up by pid).
 * Nothing is sent, and nothing is connected to, here.
 *
 * Step 5 (who listens on the port) is not asked here: it runs when a connection is open and
 * before anything is sent on it (check-connection.ts; docs/protocol.md, "Hardening",
 * "Check at connect time"), because a check made before the connect says nothing about who accepts
 * the connect. So a provider "verified" here has passed every check that can be made without a
 * connection.
 *
 * A descriptor with `helperPid` must then pass the helper's checks (check-helper.ts), with `uid`
 * the current user; the bundle id stays the app's (`pid`'s).
 *
 * With `linked`, a verified connection still open to this provider run stands in for the
 * connect-time check (the issue's "a verified connection reused while its process and socket
 * last"): it passed that check when it was opened, and a request over an established TCP
 * connection reaches the process that accepted it, whoever listens on the port now. The
 * process must still be running with the same bundle id; the request may then use that
 * connection only (`viaLink`).
 */
export async function verifyDescriptor(descriptor: Descriptor, os: OsServices, uid: number, bundleId?: string, linked?: LinkedCheck): Promise<Verification> {
  if (!isSupportedVersion(descriptor.protocol)) {
    const stated = VERSION_PATTERN.test(descriptor.protocol) ? `protocol ${descriptor.protocol}` : 'a malformed protocol version';
    return { ok: false, reason: `it speaks ${stated}; Glance supports ${SUPPORTED_RANGE}` };
  }
  const endpoint = parseEndpoint(descriptor.endpoint);
  if (!endpoint.ok) return endpoint;
  if (!(await os.isAlive(descriptor.pid))) {
    return { ok: false, reason: `its process (pid ${descriptor.pid}) is no longer running: a stale file left by a crash` };
  }
  const actual = bundleId ?? (await os.bundleId(descriptor.pid));
  if (actual === undefined) {
    return { ok: false, reason: `the bundle identifier of process ${descriptor.pid} cannot be told, so the descriptor's ${descriptor.bundleId} cannot be confirmed` };
  }
  if (actual !== descriptor.bundleId) {
    return { ok: false, reason: `it names the app ${descriptor.bundleId}, but process ${descriptor.pid} is ${actual}` };
  }
  const helper = await checkHelper(descriptor, os, uid);
  if (!helper.ok) return helper;
  if (linked?.(descriptor) === true) return { ok: true, port: endpoint.port, path: endpoint.path, viaLink: true };
  return { ok: true, port: endpoint.port, path: endpoint.path };
}
