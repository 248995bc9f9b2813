import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ProviderSetupError } from './problems.js';

// app/os (being written in parallel) will answer "bundle id of pid P" for the host. The kit
// only ever asks about its own process, through the same rules (wire.md section 4), so this
// small helper stands alone until the two can share code.

const run = promisify(execFile);

/**
 * The bundle identifier the OS reports for this process, which a host will compare with the
 * descriptor's (wire.md sections 4 and 5). macOS: the enclosing `.app`'s CFBundleIdentifier.
 * Linux: the Flatpak id, else GIO_LAUNCHED_DESKTOP_FILE when its _PID is ours, else the
 * executable's basename (`node` for a bare runtime, `electron` for a development build).
 */
export async function ownBundleId(platform: NodeJS.Platform = process.platform): Promise<string> {
  if (platform === 'darwin') return darwinBundleId(process.execPath);
  if (platform === 'linux') return linuxBundleId('/proc/self', process.pid);
  throw new ProviderSetupError(`cannot tell this process's bundle id on ${platform}; pass bundleId to startProvider`);
}

/** The Linux rule of wire.md section 4 for the process whose /proc folder is given. */
export function linuxBundleId(procDir: string, pid: number): string {
  const flatpak = readText(join(procDir, 'root', '.flatpak-info'));
  if (flatpak !== undefined) {
    // The [Application] group's name= line; other groups ([Instance], ...) have other keys.
    const match = /^\[Application\][^[]*?^name=(.+)$/m.exec(flatpak);
    if (match?.[1]) return match[1].trim();
  }
  const environ = readText(join(procDir, 'environ'));
  if (environ !== undefined) {
    const env = new Map(environ.split('\0').filter(Boolean).map((line) => {
      const eq = line.indexOf('=');
      return [line.slice(0, eq), line.slice(eq + 1)] as const;
    }));
    const desktop = env.get('GIO_LAUNCHED_DESKTOP_FILE');
    if (desktop && env.get('GIO_LAUNCHED_DESKTOP_FILE_PID') === String(pid)) return basename(desktop).replace(/\.desktop$/, '');
  }
  try {
    return basename(readlinkSync(join(procDir, 'exe')));
  } catch {
    throw new ProviderSetupError('cannot read /proc/self/exe to tell this process\'s bundle id; pass bundleId to startProvider');
  }
}

/** The CFBundleIdentifier of the `.app` that contains the executable. */
async function darwinBundleId(execPath: string): Promise<string> {
  const app = enclosingApp(execPath);
  if (app === undefined) {
    throw new ProviderSetupError(`${execPath} is not inside an .app bundle, so macOS reports no bundle id for it; pass bundleId to startProvider (the identifier of the app the user sees in front)`);
  }
  const plist = join(app, 'Contents', 'Info.plist');
  try {
    // plutil reads binary and XML plists alike and ships with macOS.
    const { stdout } = await run('/usr/bin/plutil', ['-convert', 'json', '-o', '-', plist], { timeout: 5000 });
    const id: unknown = (JSON.parse(stdout) as Record<string, unknown>)['CFBundleIdentifier'];
    if (typeof id === 'string' && id !== '') return id;
  } catch {
    // Fall through to the one error below.
  }
  throw new ProviderSetupError(`cannot read CFBundleIdentifier from ${plist}; pass bundleId to startProvider`);
}

/** The outermost `X.app` folder above the executable (a helper app sits inside its main app). */
function enclosingApp(path: string): string | undefined {
  let found: string | undefined;
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    if (dir.endsWith('.app') && existsSync(join(dir, 'Contents', 'Info.plist'))) found = dir;
  }
  return found;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
