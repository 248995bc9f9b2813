// The Linux icon lookup over real files: a temporary XDG data folder with desktop files, a
// hicolor theme and pixmaps, as a desktop installs them. Each way an app's desktop file is
// found (its id, its window class, its program), each way an icon is named (a theme name, a
// path), and each reason for drawing the glyph instead (no file, a hidden entry, too large).
// Then files that must not cost the lookup its time or the process its thread pool: a FIFO,
// a link to a procfs file, an oversized file.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedAppIcons, MAX_ICON_BYTES } from '../../app/os/app-icon.js';
import { createLinuxAppIcons, parseDesktopEntry, xdgDataDirs } from '../../app/os/app-icon-linux.js';
import { makeAppIconPng } from '../helpers/png.js';
import { releaseFifos, within } from '../helpers/within.js';

let root = '';
let home = '';
let share = '';
const PNG48 = makeAppIconPng(48, [40, 120, 220]);
const PNG16 = makeAppIconPng(16, [200, 60, 40]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#3a3"/></svg>';
const dataUrl = (bytes: Buffer | string, mime: string): string => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

async function put(path: string, content: string | Buffer): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, content);
}
const desktop = (keys: string): string => `[Desktop Entry]\nType=Application\nName=Some App\n${keys}\n\n[Desktop Action new]\nIcon=not-this-one\n`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'glance-icons-'));
  home = join(root, 'home');
  share = join(root, 'share');
  // By its id (a Flatpak or a launch from the file), the icon by theme name at two sizes: 48 wins over 16.
  await put(join(share, 'applications/org.example.FieldNotes.desktop'), desktop('Icon=org.example.FieldNotes\nExec=field-notes %U'));
  await put(join(share, 'icons/hicolor/16x16/apps/org.example.FieldNotes.png'), PNG16);
  await put(join(share, 'icons/hicolor/48x48/apps/org.example.FieldNotes.png'), PNG48);
  // By window class (the process is `python3`), its icon only as SVG.
  await put(join(share, 'applications/sketch.desktop'), desktop('Icon=sketch\nExec=python3 -m sketch\nStartupWMClass=Python3'));
  await put(join(share, 'icons/hicolor/scalable/apps/sketch.svg'), SVG);
  // By its program, in a subfolder (id vendor-tool.desktop), the icon by path; in the user's own data dir.
  await put(join(home, '.local/share/applications/vendor/tool.desktop'), desktop(`Icon=${join(root, 'tool.png')}\nExec="/opt/tool/bin/tool" --new`));
  await put(join(root, 'tool.png'), PNG16);
  // In pixmaps only.
  await put(join(share, 'applications/old.desktop'), desktop('Icon=old'));
  await put(join(share, 'pixmaps/old.png'), PNG16);
  // Hidden (the user removed it), one that names no icon file that exists, and one too large.
  await put(join(share, 'applications/gone.desktop'), desktop('Icon=org.example.FieldNotes\nHidden=true'));
  await put(join(share, 'applications/nothing.desktop'), desktop('Icon=no-such-icon'));
  await put(join(share, 'applications/huge.desktop'), desktop('Icon=huge'));
  await put(join(share, 'icons/hicolor/48x48/apps/huge.png'), Buffer.concat([PNG48, Buffer.alloc(MAX_ICON_BYTES)]));
  // A file called .png that is not one.
  await put(join(share, 'applications/fake.desktop'), desktop('Icon=fake'));
  await put(join(share, 'icons/hicolor/48x48/apps/fake.png'), 'not a png');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const icons = () => createLinuxAppIcons({ HOME: home, XDG_DATA_DIRS: share });

describe('the Linux app icon lookup', () => {
  it('finds the desktop file by the app id and takes the hicolor icon nearest 48 pixels, as a PNG data URL', async () => {
    expect(await icons().iconOf({ bundleId: 'org.example.FieldNotes', pid: 1 })).toBe(dataUrl(PNG48, 'image/png'));
  });

  it('finds it by window class, by the program the Exec line starts (in a subfolder of the user data dir), and in pixmaps; an SVG goes as SVG', async () => {
    expect(await icons().iconOf({ bundleId: 'python3' })).toBe(dataUrl(SVG, 'image/svg+xml'));
    expect(await icons().iconOf({ bundleId: 'tool' })).toBe(dataUrl(PNG16, 'image/png'));
    expect(await icons().iconOf({ bundleId: 'old' })).toBe(dataUrl(PNG16, 'image/png'));
  });

  it('gives none (the glyph) for no desktop file, a hidden one, an icon that is missing, too large or not a PNG, and no bundle id', async () => {
    for (const bundleId of ['node', 'gone', 'nothing', 'huge', 'fake', '../share/applications/old']) expect(await icons().iconOf({ bundleId }), bundleId).toBeUndefined();
    expect(await icons().iconOf({ pid: 1 })).toBeUndefined();
    expect(await createLinuxAppIcons({ XDG_DATA_DIRS: join(root, 'missing') }).iconOf({ bundleId: 'old' })).toBeUndefined();
  });

  it('reads the XDG dirs in order, with their defaults, and only the [Desktop Entry] group of a file', () => {
    expect(xdgDataDirs({ HOME: '/home/u' })).toEqual(['/home/u/.local/share', '/usr/local/share', '/usr/share']);
    expect(xdgDataDirs({ XDG_DATA_HOME: '/d', XDG_DATA_DIRS: '/a:relative:/b:/a' })).toEqual(['/d', '/a', '/b']);
    expect(parseDesktopEntry(desktop('Icon=mine\nHidden=true'))).toEqual({ icon: 'mine', hidden: true });
  });

  it('remembers each app by bundle id, so History and every press ask once', async () => {
    let asked = 0;
    const cached = cachedAppIcons({ iconOf: async () => { asked += 1; return 'data:image/png;base64,AA=='; } }, 2);
    await cached.iconOf({ bundleId: 'a' });
    await cached.iconOf({ bundleId: 'a' });
    expect(asked).toBe(1);
    await cached.iconOf({ bundleId: 'b' });
    await cached.iconOf({ bundleId: 'c' });
    await cached.iconOf({ bundleId: 'a' }); // the oldest went when a third came
    expect(asked).toBe(4);
  });
});


describe('files that would block the lookup or read without end', () => {
  let hostile = '';
  const fifos: string[] = [];
  beforeAll(async () => {
    hostile = await mkdtemp(join(tmpdir(), 'glance-icons-hostile-'));
    const apps = join(hostile, 'share/applications');
    await mkdir(apps, { recursive: true });
    // A FIFO named as a desktop file, and one an icon name leads to: no writer ever opens them.
    for (const fifo of [join(apps, 'x.desktop'), join(hostile, 'share/icons/hicolor/48x48/apps/piped.png')]) {
      await mkdir(join(fifo, '..'), { recursive: true });
      execFileSync('mkfifo', [fifo]);
      fifos.push(fifo);
    }
    // An icon linked to a procfs file (its size says 0; read to its end it is the whole address space), and one by path.
    await put(join(hostile, 'share/applications/mapped.desktop'), desktop('Icon=mapped'));
    await symlink('/proc/self/pagemap', join(hostile, 'share/icons/hicolor/48x48/apps/mapped.png'));
    await put(join(hostile, 'share/applications/mapped-path.desktop'), desktop(`Icon=${join(hostile, 'mapped.png')}`));
    await symlink('/proc/self/pagemap', join(hostile, 'mapped.png'));
    await put(join(hostile, 'share/applications/piped.desktop'), desktop('Icon=piped'));
    // A desktop file far larger than any real one, naming an icon that exists.
    await put(join(hostile, 'share/applications/big.desktop'), desktop(`Icon=big\n${'X-Padding=0123456789abcdef\n'.repeat(64 * 1024)}`));
    await put(join(hostile, 'share/icons/hicolor/48x48/apps/big.png'), PNG48);
    // A true one beside them, still found.
    await put(join(hostile, 'home/share/applications/fine.desktop'), desktop('Icon=fine'));
    await put(join(hostile, 'share/icons/hicolor/48x48/apps/fine.png'), PNG48);
  });
  afterAll(async () => {
    releaseFifos(fifos);
    await rm(hostile, { recursive: true, force: true });
  });
  const hostileIcons = () => createLinuxAppIcons({ HOME: join(hostile, 'home'), XDG_DATA_HOME: join(hostile, 'home/share'), XDG_DATA_DIRS: join(hostile, 'share') });

  it('settles at once with no icon for a FIFO named *.desktop or an icon that is a FIFO; a true desktop file beside them is still found', async () => {
    // Each lookup that is not 'x' reads x.desktop too (it looks for a window class): before the fix each pinned a thread.
    for (const bundleId of ['x', 'piped']) expect(await within(hostileIcons().iconOf({ bundleId }), 5000), bundleId).toBeUndefined();
    expect(await within(hostileIcons().iconOf({ bundleId: 'fine' }), 5000)).toBe(dataUrl(PNG48, 'image/png'));
  });

  it('gives none for a desktop file larger than any real one (256 KiB), though the icon it names is fine', async () => {
    expect(await within(hostileIcons().iconOf({ bundleId: 'big' }), 5000)).toBeUndefined();
  });

  it("leaves Node's thread pool free: after lookups over the FIFO, four reads at once still complete", async () => {
    await Promise.all(['x', 'a', 'b', 'c', 'd'].map((bundleId) => within(hostileIcons().iconOf({ bundleId }), 5000)));
    const small = join(hostile, 'share/applications/mapped.desktop');
    const reads = await within(Promise.all([0, 1, 2, 3].map(() => readFile(small, 'utf8'))), 5000);
    expect(reads).toEqual(Array.from({ length: 4 }, () => desktop('Icon=mapped')));
  });

  // Last in the file: before the fix this read went on, ~200 MB a second, until the file's process ended.
  it('settles at once with no icon for an icon linked to a procfs file, by theme name or by path', async () => {
    for (const bundleId of ['mapped', 'mapped-path']) expect(await within(hostileIcons().iconOf({ bundleId }), 5000), bundleId).toBeUndefined();
  });
});
