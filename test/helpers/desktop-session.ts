/**
 * A Linux desktop of its own for the accessibility tests and the bench: a virtual X display
 * (Xvfb, on a free display number it picks itself), a window manager (without one
 * _NET_ACTIVE_WINDOW is never set and no window is ACTIVE or FOCUSED on AT-SPI), and a private
 * D-Bus session bus, on which the accessibility bus and its registry start on first use. Apps
 * started with `session.env` join that bus: ACCESSIBILITY_ENABLED=1 (without it Chromium never
 * registers), NO_AT_BRIDGE unset, and XDG folders of the session's own, so nothing is written
 * to the user's. No vitest here: the bench runs it too.
 *
 * CI installs every tool (.ci/run); `missingDesktopTools()` lets a test file skip in one line
 * on a machine without them.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The programs a session needs, by absolute path. */
export const DESKTOP_TOOLS = {
  xvfb: '/usr/bin/Xvfb',
  windowManager: '/usr/bin/matchbox-window-manager',
  dbusRunSession: '/usr/bin/dbus-run-session',
  xprop: '/usr/bin/xprop',
  xwininfo: '/usr/bin/xwininfo',
  xdotool: '/usr/bin/xdotool',
  python: '/usr/bin/python3',
  registry: '/usr/libexec/at-spi2-registryd',
};

/** GObject introspection data the GTK test app and the reader load. */
const TYPELIBS = ['Atspi-2.0', 'Gtk-3.0'].map((name) => `/usr/lib/x86_64-linux-gnu/girepository-1.0/${name}.typelib`);

/** The tools (and typelibs) missing on this machine, plus any of `extra` (e.g. /usr/bin/chromium). */
export function missingDesktopTools(extra: string[] = []): string[] {
  const arch = process.arch === 'arm64' ? 'aarch64' : 'x86_64';
  const typelibs = TYPELIBS.map((path) => path.replace('x86_64', arch));
  return [...Object.values(DESKTOP_TOOLS), ...typelibs, ...extra].filter((path) => !existsSync(path));
}

/** An X window's place on the screen, from the X server itself (xwininfo). */
export interface WindowGeometry {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A running desktop. */
export interface DesktopSession {
  /** ":N". */
  display: string;
  /** The environment apps and the reader's helper run with. */
  env: NodeJS.ProcessEnv;
  /** The window _NET_ACTIVE_WINDOW names, or undefined. */
  activeWindow: () => Promise<number | undefined>;
  /** A visible window of the process (with this title, if given), once it has one. */
  windowOf: (pid: number, title?: string) => Promise<number>;
  /** Makes the window the active one and waits until the window manager says it is. */
  activate: (window: number) => Promise<void>;
  geometry: (window: number) => Promise<WindowGeometry>;
  /**
   * The pid of one of the accessibility services once it runs, for the fault tests (SIGSTOP):
   * its registry, or the accessibility bus (the dbus-daemon at-spi-bus-launcher starts).
   */
  servicePid: (service: 'registry' | 'bus') => number | undefined;
  /** Stops everything the session started. */
  stop: () => Promise<void>;
}

function tool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, timeout: 10_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

/** Polls `probe` until it gives a value (not undefined), for at most `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first line a child prints on stdout. */
function firstLineOf(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve(out.slice(0, newline).trim());
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

/** Every process whose parent chain leads to `root` (Linux: from /proc). */
export function descendants(root: number): { pid: number; comm: string }[] {
  const parents = new Map<number, { ppid: number; comm: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      parents.set(Number(entry), { ppid, comm });
    } catch {
      // gone meanwhile
    }
  }
  const out: { pid: number; comm: string }[] = [];
  for (const [pid, { comm }] of parents) {
    for (let p = parents.get(pid)?.ppid; p !== undefined && p > 1; p = parents.get(p)?.ppid) {
      if (p === root) {
        out.push({ pid, comm });
        break;
      }
    }
  }
  return out;
}

/**
 * The processes of one session, by the runtime folder in their environment: the bus starts the
 * accessibility services detached (their parent is init), but they inherit the session's
 * XDG_RUNTIME_DIR, which no other process has.
 */
function sessionProcesses(runtime: string): { pid: number; comm: string }[] {
  const marker = `XDG_RUNTIME_DIR=${runtime}\0`;
  const out: { pid: number; comm: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').includes(marker)) continue;
      out.push({ pid: Number(entry), comm: readFileSync(`/proc/${entry}/comm`, 'utf8').trim() });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}

/** Starts Xvfb, the window manager and a D-Bus session; resolves when all three are up. */
export async function startDesktopSession(): Promise<DesktopSession> {
  const home = await mkdtemp(join(tmpdir(), 'glance-desktop-'));
  const runtime = join(home, 'runtime');
  await mkdir(runtime, { mode: 0o700 });
  await chmod(runtime, 0o700);
  const children: ChildProcess[] = [];
  let busPid = -1;
  const stopChild = async (child: ChildProcess): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // dbus-run-session tears its bus down when its command ends (its stdin closes); a SIGTERM
    // would leave the bus and the accessibility services running.
    if (child.pid === busPid) child.stdin?.end();
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  // A test file that ends without stop() (a timed-out hook) still takes its desktop with it.
  const onExit = (): void => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', onExit);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', onExit);
    for (const child of [...children].reverse()) await stopChild(child);
    // What the bus started (the accessibility bus, its registry) ends with it; whatever did not is killed.
    for (const { pid } of sessionProcesses(runtime)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(home, { recursive: true, force: true });
  };
  try {
    // -displayfd: Xvfb takes the first free display number and prints it when it accepts clients.
    const xvfb = spawn(DESKTOP_TOOLS.xvfb, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(xvfb);
    const display = `:${await firstLineOf(xvfb, 'Xvfb')}`;
    const base: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: runtime, GSETTINGS_BACKEND: 'memory' };
    delete base['NO_AT_BRIDGE'];
    delete base['DBUS_SESSION_BUS_ADDRESS'];
    // The bus lives as long as this shell reads its stdin: closing it (or SIGTERM) ends the session.
    const dbus = spawn(DESKTOP_TOOLS.dbusRunSession, ['--', '/bin/sh', '-c', 'printf "%s\\n" "$DBUS_SESSION_BUS_ADDRESS"; exec cat >/dev/null'], { env: base, stdio: ['pipe', 'pipe', 'ignore'] });
    children.push(dbus);
    busPid = dbus.pid ?? -1;
    const address = await firstLineOf(dbus, 'dbus-run-session');
    const env: NodeJS.ProcessEnv = { ...base, DBUS_SESSION_BUS_ADDRESS: address, ACCESSIBILITY_ENABLED: '1' };
    // The window manager says it runs by setting _NET_SUPPORTING_WM_CHECK on the root window.
    // Room for a loaded machine; if it died on the way, it is started once more, and a failure
    // says how it ended.
    const wmRuns = async (): Promise<boolean> => (await tool(DESKTOP_TOOLS.xprop, ['-root', '_NET_SUPPORTING_WM_CHECK'], env).catch(() => '')).includes('window id');
    // What it printed is kept for the failure's message: a bare "exited with 1" (seen once in a
    // clean-clone run at load 4) says nothing of why.
    let wmEnded = '';
    for (let attempt = 1; ; attempt += 1) {
      const wm = spawn(DESKTOP_TOOLS.windowManager, ['-use_titlebar', 'yes'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      children.push(wm);
      let said = '';
      wm.stderr?.setEncoding('utf8').on('data', (chunk: string) => { said = (said + chunk).slice(-600); });
      wm.once('exit', (code, signal) => (wmEnded = `exited with ${signal ?? code}`));
      const up = await until('the window manager', async () => ((await wmRuns()) ? true : wm.exitCode !== null || wm.signalCode !== null ? false : undefined), 60_000);
      if (up) break;
      const server = xvfb.exitCode === null && xvfb.signalCode === null ? `Xvfb on ${display} still runs` : `Xvfb on ${display} ended (${xvfb.signalCode ?? xvfb.exitCode})`;
      if (attempt === 3) throw new Error(`the window manager did not start three times (${wmEnded}; ${server}; it said: ${JSON.stringify(said.trim())})`);
    }

    const activeWindow = async (): Promise<number | undefined> => {
      const out = await tool(DESKTOP_TOOLS.xprop, ['-root', '_NET_ACTIVE_WINDOW'], env);
      const id = /# (0x[0-9a-f]+)/i.exec(out)?.[1];
      return id === undefined || Number(id) === 0 ? undefined : Number(id);
    };
    return {
      display,
      env,
      activeWindow,
      windowOf: (pid, title) =>
        until(`a window of pid ${pid}`, async () => {
          // --onlyvisible: GTK's hidden leader window comes first otherwise.
          const args = ['search', '--all', '--onlyvisible', '--pid', String(pid), ...(title === undefined ? [] : ['--name', `^${title.replace(/[^\w ]/g, '.')}$`])];
          const out = await tool(DESKTOP_TOOLS.xdotool, args, env).catch(() => '');
          const first = out.trim().split('\n')[0] ?? '';
          return first === '' ? undefined : Number(first);
        }),
      activate: async (window) => {
        await tool(DESKTOP_TOOLS.xdotool, ['windowactivate', String(window)], env).catch(() => '');
        await until(`window ${window} to be active`, async () => ((await activeWindow()) === window ? true : undefined));
      },
      geometry: async (window) => {
        const out = await tool(DESKTOP_TOOLS.xwininfo, ['-id', String(window)], env);
        const field = (name: string): number => Number(new RegExp(`${name}:\\s+(-?\\d+)`).exec(out)?.[1] ?? Number.NaN);
        return { x: field('Absolute upper-left X'), y: field('Absolute upper-left Y'), w: field('Width'), h: field('Height') };
      },
      servicePid: (service) => {
        const all = sessionProcesses(runtime);
        if (service === 'registry') return all.find((p) => p.comm.startsWith('at-spi2-registr'))?.pid;
        // Two dbus-daemons share the environment: the session's (ours, busPid's child) and the accessibility bus.
        const sessionBus = descendants(busPid).map((p) => p.pid);
        return all.find((p) => p.comm === 'dbus-daemon' && !sessionBus.includes(p.pid))?.pid;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
