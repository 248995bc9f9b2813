// Settings › Command line as main serves it over IPC: the handlers answer with what the contract
// says (parsed by its own schemas), over real links in folders of the test's own: install links
// the program, refuses a glance that is not ours, remove takes only our link away; a checkout
// (no shipped program) says so instead of linking anything.
import { mkdir, mkdtemp, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedactingLogger, SecretRegistry } from '../../app/host.js';
import { invokeContract as INVOKE } from '../../contract/ipc.js';
import { createCommandSetup, type CommandSetupDeps } from '../../main/flow/command-setup.js';

let base = '';
let program = '';
const logged: string[] = [];
const logger = createRedactingLogger((_level, line) => logged.push(line), new SecretRegistry());
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-command-setup-'));
  program = join(base, 'Glance.app', 'Contents', 'Resources', 'glance');
  await mkdir(join(program, '..'), { recursive: true });
  await writeFile(program, '#!/bin/sh\n', { mode: 0o755 });
});
afterEach(() => rm(base, { recursive: true, force: true }));

/** The three handlers as IPC calls them, each answer checked against the channel's response schema. */
function handlers(deps: Partial<CommandSetupDeps>) {
  const setup = createCommandSetup({ home: base, logger, program, folders: [join(base, 'usr-local-bin'), join(base, '.local', 'bin')], ...deps });
  return {
    status: async () => INVOKE.getCommand.response.parse(await setup.view()),
    install: async () => INVOKE.installCommand.response.parse(await setup.install()),
    remove: async () => INVOKE.removeCommand.response.parse(await setup.remove()),
  };
}

describe('Settings › Command line', () => {
  it('installs into the first folder, says where (as ~/…), and removes only that link', async () => {
    const ipc = handlers({});
    expect(await ipc.status()).toEqual({ shipped: true, link: null });
    expect(await ipc.install()).toEqual({ shipped: true, link: '~/usr-local-bin/glance' });
    expect(await readlink(join(base, 'usr-local-bin', 'glance'))).toBe(program);
    expect(await ipc.status()).toEqual({ shipped: true, link: '~/usr-local-bin/glance' });
    expect(await ipc.remove()).toEqual({ shipped: true, link: null, removed: 1 });
    expect(await ipc.remove()).toEqual({ shipped: true, link: null, removed: 0 });
  });

  it('says which glance is in the way instead of overwriting it', async () => {
    await mkdir(join(base, 'usr-local-bin'));
    await symlink('/somewhere/node_modules/glance/bin/glance.js', join(base, 'usr-local-bin', 'glance'));
    expect(await handlers({}).install()).toEqual({ shipped: true, link: null, problem: 'in-the-way', inTheWay: '~/usr-local-bin/glance' });
    expect(await readlink(join(base, 'usr-local-bin', 'glance'))).toBe('/somewhere/node_modules/glance/bin/glance.js');
  });

  it('in a checkout, with no program of the app\'s own, links nothing and says so', async () => {
    const ipc = handlers({ program: join(base, 'missing', 'glance') });
    expect(await ipc.install()).toEqual({ shipped: false, link: null, problem: 'not-shipped' });
    expect(await ipc.status()).toEqual({ shipped: false, link: null });
  });
});
