import type { Descriptor } from '../protocol/descriptor.js';
import { parseEndpoint } from '../protocol/descriptor.js';
import { isSupportedVersion, SUPPORTED_RANGE, VERSION_PATTERN } from '../protocol/version.js';
import type { OsServices } from '../os/types.js';
import { checkListeners } from './check-listeners.js';

/** A descriptor that passed steps 4 and 5, or the reason it is ignored. */
export type Verification = { ok: true; port: number; path: string } | { ok: false; reason: string };

/**
 * Steps 4 and 5 of wire.md section 4 for one parsed descriptor, cheapest first. `bundleId`
 * is what the OS reports for the process (the front app's, or looked up by pid). Nothing is
 * sent to the endpoint here: the listener check is a question to the OS.
 */
export async function verifyDescriptor(descriptor: Descriptor, os: OsServices, bundleId?: string): Promise<Verification> {
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
  const listener = await checkListeners(endpoint.port, descriptor.pid, os);
  if (!listener.ok) return listener;
  return { ok: true, port: endpoint.port, path: endpoint.path };
}
