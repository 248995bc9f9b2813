/**
 * An app's icon on Linux, by the XDG rules: its desktop file (the Desktop Entry Specification)
 * and the icon that file names (the Icon Theme Specification, in the `hicolor` theme every
 * desktop falls back to, then `pixmaps`). The desktop file is found by the app's bundle id,
 * which on Linux is the desktop file's own name for an app launched from one or a Flatpak
 * (docs/protocol.md, "Bundle identifiers"); otherwise by the executable's name (the bundle id
 * of any other process) matched against each file's StartupWMClass (what X11 calls the
 * window's WM_CLASS) and its Exec line. Only files are read: no tool runs, no theme is parsed.
 */
import { readdir } from 'node:fs/promises';
import { basename, isAbsolute, join, relative } from 'node:path';
import { readBounded, type BoundedReadOptions } from '@app-context/provider-kit/platform';
import { iconDataUrl, MAX_ICON_BYTES, type AppIcons } from './app-icon.js';

/** Where the XDG data lives: `XDG_DATA_HOME` (or ~/.local/share) first, then `XDG_DATA_DIRS`. */
export function xdgDataDirs(env: NodeJS.ProcessEnv): string[] {
  const home = env['HOME'];
  const dataHome = env['XDG_DATA_HOME'] || (home ? join(home, '.local/share') : '');
  const dirs = (env['XDG_DATA_DIRS'] || '/usr/local/share:/usr/share').split(':');
  return [dataHome, ...dirs].filter((dir, at, all) => isAbsolute(dir) && all.indexOf(dir) === at);
}

/** The keys of a desktop file's [Desktop Entry] group that we read. */
interface DesktopEntry {
  icon?: string;
  wmClass?: string;
  exec?: string;
  hidden: boolean;
}

/** Reads the [Desktop Entry] group of a desktop file's text (other groups are actions). */
export function parseDesktopEntry(text: string): DesktopEntry {
  const entry: DesktopEntry = { hidden: false };
  let inEntry = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inEntry = line === '[Desktop Entry]';
      continue;
    }
    const eq = line.indexOf('=');
    if (!inEntry || eq < 0 || line.startsWith('#')) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key === 'Icon') entry.icon = value;
    else if (key === 'StartupWMClass') entry.wmClass = value;
    else if (key === 'Exec') entry.exec = value;
    else if (key === 'Hidden') entry.hidden = value === 'true';
  }
  return entry;
}

/** The program an Exec line starts, by its file name (`/usr/bin/gedit %U` gives `gedit`). */
function execName(exec: string | undefined): string | undefined {
  const first = exec?.replace(/^"([^"]*)".*$/, '$1').split(/\s+/)[0];
  return first ? basename(first) : undefined;
}

/**
 * How the files of the lookup are read: any package or user can put a file in these folders, so
 * none may block or cost more than its cap (a FIFO named *.desktop would pin a thread of Node's
 * pool for good; an icon linked to a procfs file would be read without end). Links are followed,
 * because a Flatpak's exported desktop files and icons, and many packages' icons, are links; the
 * checks apply to what they point at. A desktop file is a few KB (one with every translation of
 * its name, some tens); an icon is capped at what the page is sent.
 */
const DESKTOP_FILE: BoundedReadOptions = { maxBytes: 256 * 1024, followLinks: true, refuseEmpty: true };
const ICON_FILE: BoundedReadOptions = { maxBytes: MAX_ICON_BYTES, followLinks: true, refuseEmpty: true };

async function readText(path: string): Promise<string | undefined> {
  const read = await readBounded(path, DESKTOP_FILE);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}

/** Every desktop file under `applications/` of each data dir, as [desktop file id, path]; earlier dirs win. */
async function desktopFiles(dataDirs: readonly string[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const dir of dataDirs) {
    const root = join(dir, 'applications');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // By type from the listing: a FIFO, a socket or a device named *.desktop is never opened (a link is, and checked then).
      if (!entry.name.endsWith('.desktop') || !(entry.isFile() || entry.isSymbolicLink())) continue;
      const path = join(entry.parentPath, entry.name);
      // A file in a subfolder has the id with '-' for '/': applications/kde/k3b.desktop is kde-k3b.desktop.
      const id = relative(root, path).replaceAll('/', '-');
      if (!files.has(id)) files.set(id, path);
    }
  }
  return files;
}

/** The desktop entry for the app: by its id first, else the one whose window class or program is the app's. */
async function findEntry(bundleId: string, dataDirs: readonly string[]): Promise<DesktopEntry | undefined> {
  const files = await desktopFiles(dataDirs);
  const own = files.get(`${bundleId}.desktop`);
  const ownText = own === undefined ? undefined : await readText(own);
  if (ownText !== undefined) {
    const entry = parseDesktopEntry(ownText);
    if (!entry.hidden) return entry;
  }
  const wanted = bundleId.toLowerCase();
  let byExec: DesktopEntry | undefined;
  for (const path of files.values()) {
    const text = await readText(path);
    if (text === undefined) continue;
    const entry = parseDesktopEntry(text);
    if (entry.hidden || entry.icon === undefined) continue;
    if (entry.wmClass?.toLowerCase() === wanted) return entry;
    if (byExec === undefined && execName(entry.exec)?.toLowerCase() === wanted) byExec = entry;
  }
  return byExec;
}

/** The sizes looked at in hicolor, best first: a 16-pixel icon shown at 64 pixels is a blur; 48 is about the header's size at 2x. */
const SIZES = ['48x48', '64x64', '96x96', '128x128', '32x32', '256x256', '24x24', '16x16'];

/** An icon file as a data: URL, when it is a PNG or SVG small enough to send. */
async function iconFile(path: string): Promise<string | undefined> {
  const kind = path.endsWith('.png') ? 'png' : path.endsWith('.svg') ? 'svg' : undefined;
  if (kind === undefined) return undefined;
  const read = await readBounded(path, ICON_FILE);
  return read.ok ? iconDataUrl(read.bytes, kind) : undefined;
}

/** The icon a desktop entry names: a path as it is, a name in hicolor at the sizes above, then in pixmaps. */
async function resolveIcon(icon: string, dataDirs: readonly string[], home: string | undefined): Promise<string | undefined> {
  if (isAbsolute(icon)) return iconFile(icon);
  if (icon.includes('/')) return undefined;
  const name = icon.replace(/\.(png|svg)$/, '');
  const themeRoots = [...(home ? [join(home, '.icons')] : []), ...dataDirs.map((dir) => join(dir, 'icons'))];
  const candidates: string[] = [];
  for (const size of SIZES) for (const root of themeRoots) candidates.push(join(root, 'hicolor', size, 'apps', `${name}.png`));
  for (const root of themeRoots) candidates.push(join(root, 'hicolor', 'scalable', 'apps', `${name}.svg`));
  for (const dir of dataDirs) candidates.push(join(dir, 'pixmaps', `${name}.png`), join(dir, 'pixmaps', `${name}.svg`));
  for (const path of candidates) {
    const found = await iconFile(path);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The Linux icon finder over an environment (XDG_DATA_HOME, XDG_DATA_DIRS, HOME). */
export function createLinuxAppIcons(env: NodeJS.ProcessEnv): AppIcons {
  return {
    async iconOf(app) {
      if (app.bundleId === undefined || app.bundleId === '' || app.bundleId.includes('/')) return undefined;
      try {
        const dirs = xdgDataDirs(env);
        const entry = await findEntry(app.bundleId, dirs);
        return entry?.icon === undefined || entry.icon === '' ? undefined : await resolveIcon(entry.icon, dirs, env['HOME']);
      } catch {
        return undefined;
      }
    },
  };
}
