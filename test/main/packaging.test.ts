// electron-builder 26 really packaging Glance.app, here on Linux: `--mac --dir` for
// arm64 with each CI build kind, the same command the mac workflow runs, given a stand-in for
// Electron's darwin distribution (electronDist, test/helpers/stand-in-electron.ts) because the
// Electron binary cannot be downloaded here. Everything else is electron-builder's own work: the
// configuration's loading, the (skipped) rebuild of native modules, the node-module collection
// (npm workspaces included), app.asar and app.asar.unpacked, and the fuses it flips. What only a
// Mac shows (signing, the app starting) is the mac workflow's; here signing is turned off.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Ran } from '../helpers/run.js';
import { standInElectronDist } from '../helpers/stand-in-electron.js';

const require = createRequire(import.meta.url);
const cli = require.resolve('electron-builder/cli.js');
// electron-builder's own asar reader (a dependency of app-builder-lib).
const asar = createRequire(require.resolve('app-builder-lib'))('@electron/asar') as { listPackage(archive: string, options?: object): string[] };

const KINDS = { adhoc: 'electron-builder.adhoc.yml', releaseUnsigned: 'electron-builder.release-unsigned.yml' } as const;
type Kind = keyof typeof KINDS;

let scratch = '';
const built = {} as Record<Kind, { ran: Ran; app: string }>;

/** `electron-builder --mac --dir --arm64` with one configuration, into the scratch folder. */
async function pack(kind: Kind, electronDist: string): Promise<{ ran: Ran; app: string }> {
  const output = join(scratch, kind);
  // builder-util prints nothing but errors when it sees VITEST in the environment: its log is read here.
  const { VITEST: _vitest, ...env } = process.env;
  // No signing: the stand-in has nothing codesign could sign. electron-builder signs only on
  // macOS, so on Linux this changes nothing; on a Mac it keeps the ad-hoc kind from trying.
  const ran = await run(process.execPath, [cli, '--mac', '--dir', '--arm64', '--publish', 'never', '--config', KINDS[kind], `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`, '-c.mac.identity=null'], {
    cwd: process.cwd(),
    env: { ...env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    timeoutMs: 540_000,
  });
  return { ran, app: join(output, 'mac-arm64', 'Glance.app') };
}

function fuses(app: string, config: string): Promise<Ran> {
  return run(process.execPath, ['scripts/check-fuses.js', '--app', app, '--config', config], { cwd: process.cwd() });
}

const resources = (app: string): string => join(app, 'Contents', 'Resources');

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'glance-packaging-'));
  const electronDist = standInElectronDist(join(scratch, 'electron'));
  // One after the other: each is CPU-bound, and the machine is shared.
  built.adhoc = await pack('adhoc', electronDist);
  built.releaseUnsigned = await pack('releaseUnsigned', electronDist);
}, 1_200_000);
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('electron-builder --mac --dir', () => {
  it.each(Object.keys(KINDS) as Kind[])('%s: packages without rebuilding native modules (npmRebuild: false)', (kind) => {
    const { ran, app } = built[kind];
    expect(ran.code, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    // Without npmRebuild: false, electron-builder runs @electron/rebuild on get-windows and fails
    // here ("node-gyp does not support cross-compiling native modules from source").
    expect(`${ran.stdout}${ran.stderr}`).toMatch(/skipped dependencies rebuild\s+reason=npmRebuild is set to false/);
    expect(existsSync(join(resources(app), 'app.asar'))).toBe(true);
  });

  it("app.asar holds the workspace kit's compiled output (electron-builder follows the link), and only that", () => {
    const files = asar.listPackage(join(resources(built.adhoc.app), 'app.asar'), { isPack: false });
    const kit = '/node_modules/@app-context/provider-kit';
    // What the kit's package.json exports, and so what `import '@app-context/provider-kit/...'` loads.
    const manifest = JSON.parse(readFileSync('provider/kit/package.json', 'utf8')) as { exports: Record<string, string | { default: string }> };
    const targets = Object.values(manifest.exports).map((target) => (typeof target === 'string' ? target : target.default).replace(/^\.\//, ''));
    expect(targets.length).toBeGreaterThan(3);
    for (const target of targets) expect(files, target).toContain(`${kit}/${target}`);
    // Its sources and build settings stay out: package.json and the compiled JavaScript, as in the
    // kit's npm package (electron-builder copies a linked workspace whole unless told).
    const kitFiles = files.filter((file) => file.startsWith(`${kit}/`));
    expect(kitFiles).toContain(`${kit}/package.json`);
    expect(kitFiles.filter((file) => !/^\/node_modules\/@app-context\/provider-kit\/(package\.json|dist(\/[\w/-]+(\.js)?)?)$/.test(file))).toEqual([]);
    // The kit's own dependencies come along, as for any production dependency.
    for (const dependency of ['@modelcontextprotocol/sdk', 'zod']) expect(files).toContain(`/node_modules/${dependency}/package.json`);
    // The main process's entry, from dist/.
    expect(files).toContain('/dist/main/index.js');
  });

  it("get-windows' helper is unpacked and executable, and the app carries no native addon", () => {
    const { app } = built.adhoc;
    const helper = join(resources(app), 'app.asar.unpacked', 'node_modules', 'get-windows', 'main');
    expect(existsSync(helper)).toBe(true);
    expect(statSync(helper).mode & 0o111).toBe(0o111);
    const files = asar.listPackage(join(resources(app), 'app.asar'), { isPack: false });
    expect(files.filter((file) => file.endsWith('.node'))).toEqual([]);
    expect(files.filter((file) => /^\/node_modules\/get-windows\/(lib\/binding|build-tmp)/.test(file))).toEqual([]);
  });

  it("the browser extension's folder is in Resources, outside app.asar, where app/browser/shipped.ts looks", () => {
    // The helper beside it is a single executable built on a Mac before packaging (the mac workflow): not here.
    expect(existsSync(join(resources(built.adhoc.app), 'browser-extension', 'manifest.json'))).toBe(true);
    expect(existsSync(join(resources(built.adhoc.app), 'browser-extension', 'service-worker.js'))).toBe(true);
  });

  it('the fuses electron-builder flipped are the ones each configuration asks for, as the mac workflow checks them', async () => {
    const adhoc = await fuses(built.adhoc.app, KINDS.adhoc);
    expect(adhoc.code, adhoc.stderr).toBe(0);
    expect(adhoc.stdout).toContain('EnableNodeCliInspectArguments: on\n');
    // The build under test is no release: checked against electron-builder.yml, the inspector shows.
    const adhocAsRelease = await fuses(built.adhoc.app, 'electron-builder.yml');
    expect(adhocAsRelease.code).toBe(1);
    expect(adhocAsRelease.stderr).toContain('EnableNodeCliInspectArguments is on, electron-builder.yml asks for off');
    const release = await fuses(built.releaseUnsigned.app, 'electron-builder.yml');
    expect(release.code, release.stderr).toBe(0);
    expect(release.stdout).toContain('EnableNodeCliInspectArguments: off\n');
    expect(release.stdout).toContain('RunAsNode: off\n');
    expect(release.stdout).toContain('OnlyLoadAppFromAsar: on\n');
    // Three node processes, one after the other: past the 20 s default at load 17 (a suite run
    // with two busy loops beside it). Fixed work, no wait for a state.
  }, 90_000);
});
