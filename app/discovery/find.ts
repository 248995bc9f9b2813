import type { SecretSink } from '../log/logger.js';
import { PROVIDER_TOKEN } from '../withhold/kinds.js';
import type { FrontApp, OsServices } from '../os/types.js';
import { inspectFolder, listDescriptorFiles } from './check-folder.js';
import { connectionGuard } from './check-connection.js';
import { checkListeners } from './check-listeners.js';
import { probeConnection } from './connect-checked.js';
import type { DescriptorCache } from './descriptor-cache.js';
import { providersFolder } from '@app-context/provider-kit/platform';
import { readDescriptorFile, type DescriptorFile } from './read-descriptor.js';
import type { DescriptorVerdict, FindResult, FolderStatus, VerifiedProvider } from './types.js';
import { verifyDescriptor, type LinkedCheck } from './verify.js';

/** What discovery needs from its surroundings. */
export interface DiscoveryDeps {
  os: OsServices;
  env?: NodeJS.ProcessEnv;
  /** The current user; files of other users are refused. */
  uid?: number;
  /** Parses kept across invocations by a long-running host; without it every file is read. */
  descriptors?: DescriptorCache;
  /** A long-running host's verified connections (verify.ts); without it step 5 asks the OS. */
  linked?: LinkedCheck;
  /**
   * The logger's redaction: every token is registered here as soon as its descriptor is read
   * (docs/protocol.md, "Hardening"), before anything is judged or sent, so a token that reached a
   * log line by mistake would still be masked.
   */
  secrets?: SecretSink;
}

interface FolderRead {
  folder: FolderStatus;
  files: { file: string; read: DescriptorFile }[];
}

async function readFolder(deps: DiscoveryDeps): Promise<FolderRead> {
  const uid = userOf(deps);
  const { status: folder, identity } = inspectFolder(providersFolder(deps.env ?? process.env), uid);
  if (!folder.usable) return { folder, files: [] };
  const names = deps.descriptors && identity
    ? await deps.descriptors.names(folder.path, identity, () => listDescriptorFiles(folder.path))
    : await listDescriptorFiles(folder.path);
  const files = deps.descriptors
    ? await deps.descriptors.read(folder.path, names, uid)
    : await Promise.all(names.map(async (file) => ({ file, read: await readDescriptorFile(folder.path, file, uid) })));
  // Every parsed descriptor's token, used or not: each is a secret from now on.
  if (deps.secrets) for (const { read } of files) if (read.ok) deps.secrets.add(read.descriptor.token, PROVIDER_TOKEN);
  return { folder, files };
}

/**
 * Finds the provider of the front app (docs/protocol.md, "The host's checks, in order"):
 * descriptors naming its pid, each verified, the most recently modified usable one wins. Every
 * ignored one keeps its reason. Step 5 is left to the connect (check-connection.ts), so the
 * usual case asks the OS nothing about the port here; only when several descriptors of this
 * process pass the other steps is the listing asked for each, to choose among them as before
 * (the chosen one's connection is still checked when it is opened).
 */
export async function findProvider(app: FrontApp, deps: DiscoveryDeps): Promise<FindResult> {
  const { folder, files } = await readFolder(deps);
  // A file refused before it could be parsed still counts as this app's when its name follows
  // the recommended `<bundleId>.<pid>.json` (or a helper's `<bundleId>.<pid>.<helperPid>.json`):
  // the user then learns why it was refused.
  const mine = files.filter(({ file, read }) => (read.ok ? read.descriptor.pid === app.pid : namesPid(file, app.pid)));
  if (mine.length === 0) return { kind: 'none', folder };
  const bundleId = app.bundleId ?? (await deps.os.bundleId(app.pid));
  let verdicts = await Promise.all(mine.map(({ file, read }) => judge(file, read, deps.os, userOf(deps), bundleId, deps.linked)));
  if (verdicts.filter((v) => v.provider !== undefined && v.provider.viaLink !== true).length > 1) {
    verdicts = await Promise.all(verdicts.map((v) => byListing(v, deps.os)));
  }
  const usable = verdicts
    .filter((v): v is DescriptorVerdict & { provider: VerifiedProvider } => v.provider !== undefined)
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  const best = usable[0];
  const ignored = verdicts.filter((v) => v !== best).map(stripProvider);
  if (best) return { kind: 'usable', provider: best.provider, ignored, folder };
  return { kind: 'ignored', verdicts: ignored, folder };
}

/**
 * Every file in the folder with its verdict, for `glance providers`. It sends nothing, but it
 * does open a connection to each descriptor that passes the other steps and checks it as an
 * exchange would, then closes it unused (probeConnection): the listing alone cannot tell an
 * IPv6-only listener, which leaves 127.0.0.1 unserved, from a dual-stack one, and "usable"
 * should mean what it means to the host. It costs the one question to the OS the listing cost.
 */
export async function listProviders(deps: DiscoveryDeps): Promise<{ folder: FolderStatus; descriptors: DescriptorVerdict[] }> {
  const { folder, files } = await readFolder(deps);
  const descriptors = await Promise.all(files.map(async ({ file, read }) => {
    const judged = await judge(file, read, deps.os, userOf(deps));
    if (judged.provider === undefined) return stripProvider(judged);
    const step5 = await probeConnection(judged.provider.guard);
    return stripProvider(step5.ok ? judged : { ...judged, verdict: 'ignored', reason: step5.reason });
  }));
  // Of several usable ones for the same pid only the newest is used: say so for the others.
  const newest = new Map<number, DescriptorVerdict>();
  for (const d of descriptors) {
    if (d.verdict !== 'usable' || !d.descriptor) continue;
    const current = newest.get(d.descriptor.pid);
    if (!current || d.mtimeMs > current.mtimeMs) newest.set(d.descriptor.pid, d);
  }
  for (const d of descriptors) {
    if (d.verdict === 'usable' && d.descriptor && newest.get(d.descriptor.pid) !== d) {
      d.verdict = 'ignored';
      d.reason = 'a newer descriptor for the same process is used instead';
    }
  }
  return { folder, descriptors };
}

/**
 * The apps whose providers are published now, named as their descriptors name them, for the
 * Rules list in Settings. A descriptor names its bundle id only once the checks before a
 * connection pass (verifyDescriptor: its process is alive and the OS confirms that process's
 * bundle id), so a stale or lying file names nothing. No provider is connected to or asked.
 */
export async function publishedApps(deps: DiscoveryDeps): Promise<{ bundleId: string; name: string }[]> {
  return (await runningProviders(deps)).map(({ bundleId, name }) => ({ bundleId, name }));
}

/** The same, with each app's process id: `glance current --app` finds an app by its bundle id or name here. */
export async function runningProviders(deps: DiscoveryDeps): Promise<{ pid: number; bundleId: string; name: string }[]> {
  const { files } = await readFolder(deps);
  const apps = await Promise.all(files.map(async ({ read }) => {
    if (!read.ok) return undefined;
    const verification = await verifyDescriptor(read.descriptor, deps.os, userOf(deps));
    const { pid, bundleId, name } = read.descriptor;
    return verification.ok ? { pid, bundleId, name } : undefined;
  }));
  return apps.filter((app) => app !== undefined);
}

type Judged = DescriptorVerdict & { provider?: VerifiedProvider };

async function judge(file: string, read: DescriptorFile, os: OsServices, uid: number, bundleId?: string, linked?: LinkedCheck): Promise<Judged> {
  if (!read.ok) return { file, verdict: 'ignored', reason: read.reason, mtimeMs: read.mtimeMs };
  const verification = await verifyDescriptor(read.descriptor, os, uid, bundleId, linked);
  if (!verification.ok) return { file, verdict: 'ignored', reason: verification.reason, descriptor: read.descriptor, mtimeMs: read.mtimeMs };
  const provider: VerifiedProvider = {
    descriptor: read.descriptor, file, port: verification.port, path: verification.path,
    guard: connectionGuard(verification.port, read.descriptor, os),
    ...(verification.viaLink ? { viaLink: true } : {}),
  };
  return { file, verdict: 'usable', descriptor: read.descriptor, mtimeMs: read.mtimeMs, provider };
}

/** Step 5 by the listing alone, for a usable verdict that must be weighed against others. */
async function byListing(judged: Judged, os: OsServices): Promise<Judged> {
  if (judged.provider === undefined || judged.provider.viaLink === true) return judged;
  const listed = await checkListeners(judged.provider.port, judged.provider.descriptor, os);
  return listed.ok ? judged : { ...stripProvider(judged), verdict: 'ignored', reason: listed.reason };
}

function stripProvider({ provider: _provider, ...verdict }: Judged): DescriptorVerdict {
  return verdict;
}

/** `<bundleId>.<pid>.json` or `<bundleId>.<pid>.<helperPid>.json`: a file name that says it is `pid`'s. */
function namesPid(file: string, pid: number): boolean {
  return new RegExp(`\\.${pid}(\\.[1-9][0-9]*)?\\.json$`).test(file);
}

function userOf(deps: DiscoveryDeps): number {
  return deps.uid ?? currentUid();
}

/** Asked once: a process's uid does not change (Glance never calls setuid), and each press asked it. */
let uid: number | undefined;

function currentUid(): number {
  // process.getuid is absent only on Windows, which Glance does not run on.
  uid ??= process.getuid?.() ?? -1;
  return uid;
}
