import type { OsServices } from '../os/types.js';
import { DescriptorSchema, parseEndpoint, TOKEN_PATTERN, isValidId, TOKEN_MAX_LENGTH, TOKEN_MIN_LENGTH, isSupportedVersion, SUPPORTED_RANGE, VERSION_PATTERN } from '@app-context/provider-kit/protocol';
import { checkTokenStrength } from './token-strength.js';
import { fail, pass, type CheckResult } from './types.js';

/**
 * The eight required fields and the JSON type each must have (docs/protocol.md, "The descriptor"),
 * read off the descriptor's own schema, so the checker and the host can never disagree on the
 * fields. The optional `helperPid` has checks of its own (helper-checks.ts).
 */
const FIELDS: Record<string, string> = Object.fromEntries(
  Object.entries(DescriptorSchema.shape).filter(([, schema]) => schema.type !== 'optional').map(([field, schema]) => [field, schema.type]),
);

/** The descriptor as a plain object, with each field read only if it has the right type. */
export type RawDescriptor = Record<string, unknown>;

/** All eight fields present with their JSON types. Names fields only, never values. */
export function checkFieldsPresent(d: RawDescriptor): CheckResult {
  const missing = Object.keys(FIELDS).filter((f) => !Object.hasOwn(d, f));
  const wrongType = Object.entries(FIELDS).filter(([f, type]) => Object.hasOwn(d, f) && typeof d[f] !== type).map(([f, type]) => `${f} (not a ${type})`);
  if (missing.length === 0 && wrongType.length === 0) return pass('descriptor-fields');
  const parts = [...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []), ...(wrongType.length > 0 ? [`wrong type: ${wrongType.join(', ')}`] : [])];
  return fail('descriptor-fields', `${parts.join('; ')}; all eight fields are required (docs/protocol.md, "The descriptor")`);
}

/** `MAJOR.MINOR.PATCH` without leading zeros, and a version hosts support (0.2.x). */
export function checkProtocol(d: RawDescriptor): CheckResult {
  const p = d['protocol'];
  if (typeof p !== 'string' || !VERSION_PATTERN.test(p)) return fail('descriptor-protocol', 'the protocol is not a version MAJOR.MINOR.PATCH (decimal, no leading zeros), e.g. 0.2.0');
  if (!isSupportedVersion(p)) return fail('descriptor-protocol', `the descriptor states protocol ${p}; Glance supports ${SUPPORTED_RANGE}, so it treats the app as no provider`);
  return pass('descriptor-protocol', p);
}

/** `pid` is N, and process N is running. */
export async function checkPid(d: RawDescriptor, pid: number, os: OsServices): Promise<CheckResult> {
  const stated = d['pid'];
  if (typeof stated !== 'number' || !Number.isInteger(stated) || stated <= 0) return fail('descriptor-pid', 'pid is not a positive whole number');
  if (stated !== pid) return fail('descriptor-pid', `the descriptor states pid ${stated}, but it was found for process ${pid}; write the provider's own process id (process.pid)`);
  if (!(await os.isAlive(pid))) return fail('descriptor-pid', `process ${pid} is not running: a stale descriptor, which a provider removes when it quits`);
  return pass('descriptor-pid', String(pid));
}

/**
 * `bundleId` is what the OS reports for process N (docs/protocol.md, "Bundle identifiers"): hosts
 * compare the two.
 */
export async function checkBundleId(d: RawDescriptor, pid: number, os: OsServices): Promise<CheckResult> {
  const stated = d['bundleId'];
  if (typeof stated !== 'string' || stated === '') return fail('descriptor-bundle-id', 'bundleId is missing or empty');
  const actual = await os.bundleId(pid);
  if (actual === undefined) return fail('descriptor-bundle-id', `the system cannot tell process ${pid}'s bundle identifier, so no host can confirm ${stated}`);
  if (actual !== stated) return fail('descriptor-bundle-id', `the descriptor names ${stated}, but the system reports process ${pid} as ${actual}; hosts ignore the descriptor`);
  return pass('descriptor-bundle-id', stated);
}

/** The instance follows the id rule: 1 to 128 of A-Z a-z 0-9 - _. */
export function checkInstance(d: RawDescriptor): CheckResult {
  return isValidId(d['instance'])
    ? pass('descriptor-instance')
    : fail('descriptor-instance', 'instance is not 1 to 128 letters, digits, hyphens and underscores; mint a fresh random one at each start');
}

/** The endpoint is literally `http://127.0.0.1:<port>/<path>` (no localhost, no other host). */
export function checkEndpoint(d: RawDescriptor): CheckResult {
  const e = d['endpoint'];
  if (typeof e !== 'string') return fail('descriptor-endpoint', 'endpoint is not a string');
  const parsed = parseEndpoint(e);
  if (!parsed.ok) return fail('descriptor-endpoint', `${parsed.reason.replace(/^its/, 'the')}; hosts ignore the descriptor and send nothing there`);
  return pass('descriptor-endpoint', e);
}

/** 16 to 512 printable ASCII characters without spaces, and strong enough (token-strength.ts). */
export function checkToken(d: RawDescriptor): CheckResult {
  const t = d['token'];
  if (typeof t !== 'string') return fail('descriptor-token', 'token is not a string');
  if (!TOKEN_PATTERN.test(t)) {
    return fail('descriptor-token', `the token has ${t.length} characters or characters outside printable ASCII; it must be ${TOKEN_MIN_LENGTH} to ${TOKEN_MAX_LENGTH} printable ASCII characters without spaces`);
  }
  return checkTokenStrength(t);
}
