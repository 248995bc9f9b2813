// Settings › Command line, end to end: the BUILT panel in Chromium, main's services with a
// `glance` program and folders of commands of the test's own (never /usr/local/bin). Install
// links the program, Remove takes the link away, and a glance that is not Glance's is left
// alone and named.
import { existsSync } from 'node:fs';
import { mkdir, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempFolder } from '../helpers/temp-folder.js';
import { createWorld, pageErrors, type World } from './harness/fixtures.js';

let world: World;
const homeFolder = useTempFolder('glance-home-');
beforeAll(async () => { world = await createWorld({}); }, 60_000);
afterAll(async () => { await world?.close(); });

describe('Settings › Command line', () => {
  it('installs glance, says where, removes it, and leaves a glance that is not Glance\'s alone', async () => {
    const home = homeFolder();
    const program = join(home, 'Applications', 'Glance.app', 'Contents', 'Resources', 'glance');
    await mkdir(join(program, '..'), { recursive: true });
    await writeFile(program, '#!/bin/sh\n', { mode: 0o755 });
    const bin = join(home, 'bin');
    const { page } = await world.openPanel({ home, command: { program, folders: [bin] } });
    await page.getByRole('button', { name: 'Try with Sample Notes' }).waitFor();
    await page.keyboard.press('Meta+Comma');
    const section = page.getByTestId('command-settings');
    await section.getByRole('heading', { name: 'Command line' }).waitFor();
    await expect.poll(() => section.getByTestId('command-status').textContent()).toBe('Not installed.');

    await section.getByRole('button', { name: 'Install glance' }).click();
    await expect.poll(() => section.getByTestId('command-status').textContent()).toMatch(/^Installed: ~\/bin\/glance\./);
    expect(await readlink(join(bin, 'glance'))).toBe(program);

    await section.getByRole('button', { name: 'Remove glance' }).click();
    await section.getByRole('status').filter({ hasText: 'Removed Glance’s glance from your PATH.' }).waitFor();
    expect(existsSync(join(bin, 'glance'))).toBe(false);

    // npm link's glance, say: Install names it and does not touch it.
    await symlink('/somewhere/node_modules/glance/bin/glance.js', join(bin, 'glance'));
    await section.getByRole('button', { name: 'Install glance' }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toMatch(/^There is already a glance at ~\/bin\/glance that Glance did not put there/);
    expect(await readlink(join(bin, 'glance'))).toBe('/somewhere/node_modules/glance/bin/glance.js');
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);
});
