// scripts/check-fuses.js, the mac workflow's check of a packaged app's fuses against an
// electron-builder configuration: against app bundles whose Electron Framework
// holds a fuse wire in Electron's format (test/helpers/stand-in-electron.ts), flipped by
// @electron/fuses' own flipFuses from the wire electron-builder computes for a configuration, as
// electron-builder does before signing. test/main/packaging.test.ts runs it on apps electron-builder
// really packaged.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Ran } from '../helpers/run.js';
import { writeFuseWire } from '../helpers/stand-in-electron.js';

const require = createRequire(import.meta.url);
const { getConfig } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string, configFromOptions: null): Promise<{ electronFuses?: unknown }>;
};
const { PlatformPackager } = require('app-builder-lib') as {
  PlatformPackager: { prototype: { generateFuseConfig(this: unknown, fuses: unknown): Promise<Record<string, unknown>> } };
};

function check(app: string, config: string): Promise<Ran> {
  return run(process.execPath, ['scripts/check-fuses.js', '--app', app, '--config', config], { cwd: process.cwd() });
}

let scratch = '';
/** A Glance.app with Electron's default fuses, then flipped as electron-builder would for `config`. */
async function packagedWith(config: string): Promise<string> {
  const app = join(scratch, config, 'Glance.app');
  writeFuseWire(app);
  const { flipFuses } = await import('@electron/fuses');
  const fuses = await PlatformPackager.prototype.generateFuseConfig.call({}, (await getConfig(process.cwd(), config, null)).electronFuses);
  await flipFuses(app, fuses as Parameters<typeof flipFuses>[1]);
  return app;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'glance-fuses-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('scripts/check-fuses.js', () => {
  it('passes a build whose fuses are what its configuration asks, naming each fuse', async () => {
    const adhoc = await check(await packagedWith('electron-builder.adhoc.yml'), 'electron-builder.adhoc.yml');
    expect(adhoc, adhoc.stderr).toMatchObject({ code: 0 });
    expect(adhoc.stdout).toContain('EnableNodeCliInspectArguments: on\n');
    expect(adhoc.stdout).toContain('RunAsNode: off\n');
    // Fuses the configuration leaves alone are shown, not judged, even one @electron/fuses cannot name.
    expect(adhoc.stdout).toContain('GrantFileProtocolExtraPrivileges: on (not set by the configuration)');
    expect(adhoc.stdout).toContain('fuse 8 (unknown to @electron/fuses): on (not set by the configuration)');
    const release = await check(await packagedWith('electron-builder.yml'), 'electron-builder.yml');
    expect(release, release.stderr).toMatchObject({ code: 0 });
    expect(release.stdout).toContain('EnableNodeCliInspectArguments: off\n');
  });

  it('fails a build with the inspector on against the release configuration, naming that one fuse', async () => {
    const result = await check(await packagedWith('electron-builder.adhoc.yml'), 'electron-builder.yml');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('does not have the fuses electron-builder.yml asks for:\n  EnableNodeCliInspectArguments is on, electron-builder.yml asks for off\n');
    expect(result.stderr.match(/asks for (on|off)\n/g)).toHaveLength(1);
  });

  it("fails Electron's unflipped binary, and one whose wire lacks a configured fuse", async () => {
    const plain = join(scratch, 'plain', 'Glance.app');
    writeFuseWire(plain);
    const unflipped = await check(plain, 'electron-builder.yml');
    expect(unflipped.code).toBe(1);
    expect(unflipped.stderr).toContain('RunAsNode is on, electron-builder.yml asks for off');
    expect(unflipped.stderr).toContain('OnlyLoadAppFromAsar is off, electron-builder.yml asks for on');
    const short = join(scratch, 'short', 'Glance.app');
    writeFuseWire(short, '0011');
    const missing = await check(short, 'electron-builder.adhoc.yml');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('OnlyLoadAppFromAsar is missing from the binary, electron-builder.adhoc.yml asks for on');
  });

  it('says what is wrong with a path that is no app, or a missing argument', async () => {
    const nothing = await check(join(scratch, 'nothing.app'), 'electron-builder.yml');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/^check-fuses: cannot read the fuses of .*nothing\.app: ENOENT/);
    const usage = await run(process.execPath, ['scripts/check-fuses.js', '--app', 'x.app'], { cwd: process.cwd() });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('check-fuses: both --app and --config are needed\nusage: node scripts/check-fuses.js');
  });
});
