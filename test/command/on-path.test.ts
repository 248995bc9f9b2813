// Installing the `glance` command onto the PATH, with real links in folders of the test's own:
// install links to the program, replaces only a link of ours, refuses a `glance` that is not
// ours; uninstall removes only our link; status says where it is.
import { chmod, lstat, mkdir, mkdtemp, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandFolders, commandStatus, installCommand, shippedCommand, uninstallCommand, writableFolder } from '../../app/command/on-path.js';

let base = '';
let program = '';
let bin = '';
let other = '';
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-on-path-'));
  program = join(base, 'Glance.app', 'Contents', 'Resources', 'glance');
  await mkdir(join(base, 'Glance.app', 'Contents', 'Resources'), { recursive: true });
  await writeFile(program, '#!/bin/sh\n', { mode: 0o755 });
  bin = join(base, 'bin');
  other = join(base, 'other-bin');
});
afterEach(async () => {
  await chmod(bin, 0o755).catch(() => undefined);
  await rm(base, { recursive: true, force: true });
});

describe('the glance command on the PATH', () => {
  it('links the program into the folder, says so in status, and removes only that link', async () => {
    expect(await commandStatus(program, [other, bin])).toEqual({ installed: false, program });
    const link = await installCommand(program, bin);
    expect(link).toBe(join(bin, 'glance'));
    expect(await readlink(link)).toBe(program);
    expect(await commandStatus(program, [other, bin])).toEqual({ installed: true, link, program });
    // Again: the same link, no error.
    expect(await installCommand(program, bin)).toBe(link);
    expect(await uninstallCommand(program, [other, bin])).toEqual([link]);
    await expect(lstat(link)).rejects.toThrow(/ENOENT/);
    expect(await commandStatus(program, [other, bin])).toEqual({ installed: false, program });
  });

  it('replaces a link of an older copy of the app (moved elsewhere) with one to this one', async () => {
    await mkdir(bin);
    await symlink('/Applications/Old/Glance.app/Contents/Resources/glance', join(bin, 'glance'));
    await installCommand(program, bin);
    expect(await readlink(join(bin, 'glance'))).toBe(program);
  });

  it('refuses to overwrite a glance that is not ours, and uninstall leaves it alone', async () => {
    await mkdir(bin);
    await symlink('/usr/local/lib/node_modules/glance/bin/glance.js', join(bin, 'glance'));
    await mkdir(other);
    await writeFile(join(other, 'glance'), '#!/bin/sh\necho mine\n', { mode: 0o755 });
    await expect(installCommand(program, bin)).rejects.toThrow(/already a glance at .*that Glance did not put there/);
    await expect(installCommand(program, other)).rejects.toThrow(/did not put there/);
    expect(await uninstallCommand(program, [bin, other])).toEqual([]);
    expect(await readlink(join(bin, 'glance'))).toBe('/usr/local/lib/node_modules/glance/bin/glance.js');
    expect((await lstat(join(other, 'glance'))).isFile()).toBe(true);
    expect(await commandStatus(program, [bin, other])).toEqual({ installed: false, program });
  });

  it.skipIf(process.getuid?.() === 0)('says a folder it cannot write to, and picks the next one that it can', async () => {
    await mkdir(bin);
    await chmod(bin, 0o555);
    await expect(installCommand(program, bin)).rejects.toThrow(`Glance cannot write to ${bin}`);
    expect(await writableFolder([bin, other])).toBe(other);
  });

  it('creates a missing folder of the user\'s, and tries /usr/local/bin before ~/.local/bin', async () => {
    expect(await writableFolder([join(base, 'made', 'bin')])).toBe(join(base, 'made', 'bin'));
    expect((await lstat(join(base, 'made', 'bin'))).isDirectory()).toBe(true);
    expect(commandFolders('/Users/ana')).toEqual(['/usr/local/bin', '/Users/ana/.local/bin']);
    expect(shippedCommand('/Applications/Glance.app/Contents/Resources')).toBe('/Applications/Glance.app/Contents/Resources/glance');
    expect(shippedCommand(undefined)).toBeUndefined();
  });
});
