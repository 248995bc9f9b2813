import { connectionGuard } from '../discovery/check-connection.js';
import { isPlainObject, parseEndpoint } from '@app-context/provider-kit/protocol';
import type { SecretSink } from '../log/logger.js';
import { PROVIDER_TOKEN } from '../withhold/kinds.js';
import type { OsServices } from '../os/types.js';
import { checkCurrent } from './current-checks.js';
import { checkBundleId, checkEndpoint, checkFieldsPresent, checkInstance, checkPid, checkProtocol, checkToken, type RawDescriptor } from './descriptor-checks.js';
import { checkFileMode, checkFileName, checkFileOwner, checkFileType, checkFolderOwnerAndMode } from './file-checks.js';
import { findDescriptors } from './find-descriptor.js';
import { checkHelper } from './helper-checks.js';
import { checkHttpRefusals } from './http-checks.js';
import { checkJsonRpcRules } from './jsonrpc-checks.js';
import { checkListener } from './listener-checks.js';
import { checkLocation } from './location-checks.js';
import { checkServer } from './mcp-checks.js';
import { checkSlowHead } from './slow-client-check.js';
import { fail, notChecked, type CheckResult, type Target } from './types.js';

/** What a run needs from its surroundings. */
export interface CheckDeps {
  os: OsServices;
  /** The providers folder (providersFolder(env)). */
  folder: string;
  /** The current user: files and the folder must be theirs. */
  uid: number;
  /** The one time limit for each exchange (docs/protocol.md, "Limits and time limits"). */
  timeoutMs: number;
  /** The logger's redaction: the token is registered as soon as the descriptor is read. */
  secrets?: SecretSink;
  /** Told each check as it finishes, so the command can print it then rather than at the end. */
  onCheck?: (check: CheckResult) => void;
  /** Told what the descriptor says of the app (and its token, for redacting) once it is read. */
  onDescriptor?: (shown: { file: string; name?: string; bundleId?: string; token?: string }) => void;
}

/** The outcome of `check-provider`: no descriptor for N (exit 3), or every check. */
export type CheckReport =
  | { kind: 'no-descriptor'; reason: string }
  | {
    kind: 'checked';
    file: string;
    /** Descriptor fields that may be shown, when present. */
    name?: string;
    bundleId?: string;
    checks: CheckResult[];
    /** The token as found, for redacting output only. Never printed. */
    token?: string;
  };

/** Names of the checks that talk to the provider: not run when the token must not be sent. */
const NETWORK_CHECKS = [
  'http-no-token', 'http-wrong-token', 'http-origin-without-token', 'http-origin-with-token', 'http-get', 'http-delete', 'http-wrong-host',
  'http-other-path', 'http-other-path-without-token', 'http-path-trailing-slash', 'http-path-dot-segment', 'http-absolute-form', 'http-put',
  'mcp-notification', 'mcp-malformed-json', 'mcp-empty-batch', 'mcp-unknown-method', 'mcp-initialize', 'mcp-extension', 'mcp-tools', 'current-call', 'current-answer', 'current-protocol', 'current-instance', 'current-tree',
  'current-content-size', 'current-text-block', 'location-unknown-id', 'location-known-id', 'http-slow-head',
];

/**
 * Runs every check of the provider side of the rules (docs/cli.md, "glance check-provider") against
 * process `pid`, in the order a host meets them: the folder and file, the descriptor's fields, the
 * listener, the refusals over raw HTTP, then MCP. Nothing is sent to the endpoint unless the host
 * would send to it too (a literal 127.0.0.1 endpoint whose port only `pid` holds), so that checking
 * a broken provider cannot hand its token to another process.
 */
export async function runChecks(pid: number, deps: CheckDeps): Promise<CheckReport> {
  const search = await findDescriptors(deps.folder, pid);
  if (search.folderProblem !== undefined) return { kind: 'no-descriptor', reason: `the providers folder ${deps.folder} cannot be read (${search.folderProblem})` };
  const found = search.found[0];
  if (found === undefined) return { kind: 'no-descriptor', reason: `no descriptor in ${deps.folder} names process ${pid}` };

  const checks: CheckResult[] = [];
  const add = (...done: CheckResult[]): void => {
    checks.push(...done);
    for (const check of done) deps.onCheck?.(check);
  };
  add(...(await checkFolderOwnerAndMode(deps.folder, deps.uid)));
  if (found.stats.isFile()) add(checkFileType(found.stats), checkFileOwner(found.stats, deps.uid), checkFileMode(found.stats));
  else add(checkFileType(found.stats), notChecked('file-owner', 'see file-type'), notChecked('file-mode', 'see file-type'));
  add(checkFileName(found.file, found.json, pid));
  if (search.found.length > 1) add(fail('file-single', `${search.found.length} descriptors name process ${pid}; a provider removes its old descriptor (hosts use the newest, ${found.file})`));

  const d = asObject(found.json);
  if (d === undefined) {
    const why = found.stats.isFile() ? (found.unreadable ?? 'the descriptor is not a JSON object') : 'not checked: the descriptor is not a regular file, and links are not followed';
    add(fail('descriptor-fields', why), ...NETWORK_CHECKS.map((n) => notChecked(n, 'the descriptor could not be read')));
    return { kind: 'checked', file: found.file, checks };
  }
  const token = typeof d['token'] === 'string' ? d['token'] : undefined;
  if (token !== undefined) deps.secrets?.add(token, PROVIDER_TOKEN);
  deps.onDescriptor?.({ file: found.file, ...stringField(d, 'name'), ...stringField(d, 'bundleId'), ...(token !== undefined ? { token } : {}) });
  add(
    checkFieldsPresent(d), checkProtocol(d), await checkBundleId(d, pid, deps.os), await checkPid(d, pid, deps.os),
    checkInstance(d), checkEndpoint(d), checkToken(d),
  );
  // A provider served by a helper (docs/protocol.md, "Providers served by a helper"): its own checks.
  const helper = Object.hasOwn(d, 'helperPid') ? await checkHelper(d, pid, deps.uid, deps.os) : undefined;
  if (helper !== undefined) add(...helper.checks);
  const shown = { kind: 'checked' as const, file: found.file, ...stringField(d, 'name'), ...stringField(d, 'bundleId'), checks, ...(token !== undefined ? { token } : {}) };

  const endpoint = typeof d['endpoint'] === 'string' ? parseEndpoint(d['endpoint']) : undefined;
  if (endpoint === undefined || !endpoint.ok) {
    add(notChecked('listener-owner', 'the endpoint is not http://127.0.0.1:<port>/<path>'), notChecked('listener-address', 'see descriptor-endpoint'));
    add(...NETWORK_CHECKS.map((n) => notChecked(n, 'hosts send nothing to such an endpoint, and neither does check-provider')));
    return shown;
  }
  const listenerPid = helper?.helperPid ?? pid;
  const listener = await checkListener(endpoint.port, listenerPid, deps.os, helper !== undefined);
  add(...listener.checks);
  if (!listener.safeToSend || token === undefined || helper?.ok === false) {
    const why = token === undefined
      ? 'the descriptor has no token'
      : helper?.ok === false ? 'hosts refuse the descriptor for its helper (see helper-*) and send nothing to its endpoint'
      : `the token is sent only to a port that ${helper ? 'the helper process' : 'process'} ${listenerPid} alone holds`;
    add(...NETWORK_CHECKS.map((n) => notChecked(n, why)));
    return shown;
  }
  const target: Target = {
    guard: connectionGuard(endpoint.port, { pid, ...(helper?.helperPid !== undefined ? { helperPid: helper.helperPid } : {}) }, deps.os),
    pid, port: endpoint.port, path: endpoint.path, endpoint: d['endpoint'] as string, token,
    protocol: typeof d['protocol'] === 'string' ? d['protocol'] : '', instance: typeof d['instance'] === 'string' ? d['instance'] : '',
  };
  // The slow head takes as long as the server's own limit: it runs beside the others.
  const slowHead = checkSlowHead(target);
  add(...(await checkHttpRefusals(target, deps.timeoutMs)));
  add(...(await checkJsonRpcRules(target, deps.timeoutMs)));
  const server = await checkServer(target, deps.timeoutMs);
  add(...server.checks);
  const current = await checkCurrent(target, deps.timeoutMs);
  add(...current.checks);
  add(...(await checkLocation(target, deps.timeoutMs, server.offersLocation, current.answer)));
  add(await slowHead);
  return shown;
}

function asObject(value: unknown): RawDescriptor | undefined {
  return isPlainObject(value) ? (value as RawDescriptor) : undefined;
}

function stringField<K extends 'name' | 'bundleId'>(d: RawDescriptor, key: K): Partial<Record<K, string>> {
  const value = d[key];
  return typeof value === 'string' ? ({ [key]: value } as Partial<Record<K, string>>) : {};
}
