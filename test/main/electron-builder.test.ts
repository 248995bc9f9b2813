// electron-builder.yml (releases), electron-builder.adhoc.yml (contributors and CI) and
// electron-builder.release-unsigned.yml (a release's fuses read on CI) checked with
// electron-builder's own loading (getConfig, which merges `extends`) and validation, offline:
// the schema it ships (scheme.json) and the deprecation checks in validateConfiguration. The
// entitlements each kind signs with are parsed as property lists; each kind's
// fuses are checked as electron-builder will write them.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import plist from 'plist';
import { describe, expect, it } from 'vitest';
import { PACKAGED_HELPER } from '../../app/browser/shipped.js';
import { COMMAND_NAME } from '../../app/command/on-path.js';

const require = createRequire(import.meta.url);
type Config = Record<string, unknown> & { mac?: Record<string, unknown> };
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Config>;
  validateConfiguration(config: Config, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
// The step electron-builder runs right before signing: it turns electronFuses into the wire
// @electron/fuses flips in the binary. Called on its own, it needs no packager state.
const { PlatformPackager } = require('app-builder-lib') as {
  PlatformPackager: { prototype: { generateFuseConfig(this: unknown, fuses: unknown): Promise<Record<string, unknown>> } };
};

/**
 * The build kinds: a release (Developer ID, notarized), a contributor's (ad hoc, what CI tests),
 * and the release packaged unsigned (only for reading a release's fuses on CI).
 */
const KINDS = { release: 'electron-builder.yml', adhoc: 'electron-builder.adhoc.yml', releaseUnsigned: 'electron-builder.release-unsigned.yml' } as const;

/** A kind's configuration as electron-builder loads it (`extends` merged). */
function load(file: string): Promise<Config> {
  return getConfig(process.cwd(), file, null);
}

/** A kind's fuses as electron-builder will flip them: wire position (@electron/fuses' numbering) to on/off. */
async function wire(file: string): Promise<Record<string, unknown>> {
  const { version: _version, resetAdHocDarwinSignature: _reset, ...fuses } = await PlatformPackager.prototype.generateFuseConfig.call({}, (await load(file))['electronFuses']);
  return fuses;
}

/** An entitlements file as the dictionary codesign reads. */
async function entitlements(path: unknown): Promise<Record<string, unknown>> {
  return plist.parse(await readFile(String(path), 'utf8')) as Record<string, unknown>;
}

describe('electron-builder.yml', () => {
  it.each(Object.values(KINDS))('%s passes app-builder-lib validateConfiguration against its scheme.json', async (file) => {
    const config = await getConfig(process.cwd(), file, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it.each(Object.values(KINDS))('%s: a menu-bar app with hardened runtime, entitlements, dmg and zip for both architectures', async (file) => {
    const config = await getConfig(process.cwd(), file, null);
    const mac = config.mac ?? {};
    expect(mac['hardenedRuntime']).toBe(true);
    expect(mac['extendInfo']).toMatchObject({ LSUIElement: true });
    expect(mac['target']).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config['asarUnpack']).toContain('node_modules/get-windows/main');
    // The accessibility reader's helpers run as processes of their own: outside the archive too.
    expect(config['asarUnpack']).toEqual(expect.arrayContaining(['dist/app/os/accessibility/ax-reader', 'dist/app/os/accessibility/atspi-reader.py']));
    // A Mac app packaged on a Mac without ax-reader (no command line tools at build) stops there.
    expect(config['beforePack']).toBe('./scripts/ax-reader.js');
    // The browser helper, a single executable, in Resources where app/browser/shipped.ts looks, signed with the app.
    expect(config['extraResources']).toEqual(expect.arrayContaining([{ from: 'dist/browser-helper/${arch}/glance-browser-helper', to: PACKAGED_HELPER }, { from: 'provider/browser/extension', to: 'browser-extension' }]));
    // The `glance` command likewise, where app/command/on-path.ts finds it to link onto the PATH.
    expect(config['extraResources']).toEqual(expect.arrayContaining([{ from: 'dist/command/${arch}/glance', to: COMMAND_NAME }]));
    expect(mac['binaries']).toEqual([`Contents/Resources/${PACKAGED_HELPER}`, `Contents/Resources/${COMMAND_NAME}`]);
    // Electron's helpers (renderers, the utility process) run with the same entitlements.
    expect(mac['entitlementsInherit']).toBe(mac['entitlements']);
    expect(await entitlements(mac['entitlements'])).toMatchObject({ 'com.apple.security.cs.allow-jit': true });
  });
});

/** Whether a package folder holds native code: a binding.gyp, or a compiled addon (.node) anywhere in it. */
function hasNativeCode(dir: string): boolean {
  if (existsSync(join(dir, 'binding.gyp'))) return true;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((file) => file.endsWith('.node'));
}

describe('native modules', () => {
  it.each(Object.values(KINDS))('%s: electron-builder rebuilds no native module for Electron (npmRebuild: false)', async (file) => {
    expect((await load(file))['npmRebuild']).toBe(false);
  });

  it('the only production dependency with native code is get-windows, whose addon Glance never loads', async () => {
    // npmRebuild: false is right only while the app loads no addon: a new production dependency
    // with native code must be looked at (it would ship built for this machine's Node, not Electron).
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean; link?: boolean }> };
    const native = Object.entries(lock.packages)
      .filter(([path, entry]) => path.startsWith('node_modules/') && entry.dev !== true && entry.link !== true && existsSync(path))
      .map(([path]) => path)
      .filter(hasNativeCode);
    // get-windows loads its addon only on Windows (its lib/windows.js). On macOS Glance runs
    // get-windows' Swift helper itself (app/os/get-windows-helper.ts); on Linux get-windows reads
    // X11 with xprop. electron-builder.yml leaves the addon out of the app, and
    // test/main/packaging.test.ts finds no .node file in a packaged app.
    expect(native).toEqual(['node_modules/get-windows']);
  });
});

describe('signing, per build kind', () => {
  it('a release is signed with a Developer ID (never unsigned) and notarized, without the library-validation exception', async () => {
    const config = await getConfig(process.cwd(), KINDS.release, null);
    const mac = config.mac ?? {};
    // No identity named: electron-builder finds the Developer ID Application certificate
    // (CSC_LINK or the keychain); with forceCodeSigning a release without one fails.
    expect(mac['identity']).toBeUndefined();
    expect(config['forceCodeSigning']).toBe(true);
    expect(mac['notarize']).toBe(true);
    expect(await entitlements(mac['entitlements'])).toEqual({ 'com.apple.security.cs.allow-jit': true });
  });

  it("a contributor's build is signed ad hoc, not notarized, and may load Electron's frameworks (library validation off)", async () => {
    const config = await getConfig(process.cwd(), KINDS.adhoc, null);
    const mac = config.mac ?? {};
    expect(mac['identity']).toBe('-');
    expect(mac['notarize']).toBe(false);
    // An ad-hoc signature has no team: with the hardened runtime, library validation would refuse
    // Electron's own frameworks (electron-builder warns about exactly this).
    expect(await entitlements(mac['entitlements'])).toEqual({
      'com.apple.security.cs.allow-jit': true,
      'com.apple.security.cs.disable-library-validation': true,
    });
    // Everything else but one fuse is the release's configuration (extends), so both kinds
    // package the same app (the fuses are compared below).
    const release = await getConfig(process.cwd(), KINDS.release, null);
    const { mac: _adhocMac, extends: _extends, electronFuses: _adhocFuses, ...adhocRest } = config;
    const { mac: _releaseMac, electronFuses: _releaseFuses, ...releaseRest } = release;
    expect(adhocRest).toEqual(releaseRest);
  });

  it('the release packaged unsigned is the release with signing and notarizing skipped, into its own folder', async () => {
    const config = await load(KINDS.releaseUnsigned);
    const release = await load(KINDS.release);
    expect(config['forceCodeSigning']).toBe(false);
    expect(config.mac?.['identity']).toBeNull();
    expect(config.mac?.['notarize']).toBe(false);
    expect(config['directories']).toMatchObject({ output: 'release-unsigned' });
    const { extends: _extends, forceCodeSigning: _force, directories: _directories, mac, ...rest } = config;
    const { forceCodeSigning: _releaseForce, directories: _releaseDirectories, mac: releaseMac, ...releaseRest } = release;
    expect(rest).toEqual(releaseRest);
    const { identity: _identity, notarize: _notarize, ...macRest } = mac ?? {};
    const { notarize: _releaseNotarize, ...releaseMacRest } = releaseMac ?? {};
    expect(macRest).toEqual(releaseMacRest);
  });

  it('no kind asks for writable executable memory: Electron 45 needs only allow-jit', async () => {
    for (const file of ['build/entitlements.mac.plist', 'build/entitlements.mac.adhoc.plist']) {
      const keys = Object.keys(await entitlements(file));
      expect(keys, file).not.toContain('com.apple.security.cs.allow-unsigned-executable-memory');
      // Nothing the protocol path does not need: no camera, microphone, Apple events or sandbox holes.
      expect(keys.every((key) => key.startsWith('com.apple.security.cs.')), file).toBe(true);
    }
  });
});

describe('electron-builder.yml, fuses and checks', () => {

  it('sets the Electron fuses: no running as Node, no NODE_OPTIONS, no inspector, code only from a checked app.asar, cookies encrypted', async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml', null);
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
    // What electron-builder will write into the packaged binary, fuse by fuse (@electron/fuses' numbering).
    const { FuseV1Options } = await import('@electron/fuses');
    const wire = await PlatformPackager.prototype.generateFuseConfig.call({}, config['electronFuses']);
    expect(wire[FuseV1Options.RunAsNode]).toBe(false);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(true);
    // Left at Electron's default on purpose (electron-builder.yml says why).
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBeUndefined();
    // The fuses are checked by the same schema as the rest: a misspelt fuse is refused.
    await expect(validateConfiguration({ ...config, electronFuses: { runAsNod: false } }, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });

  it("each kind's fuses: a release keeps the inspector off; the build CI tests turns only it on, for Playwright", async () => {
    const { FuseV1Options } = await import('@electron/fuses');
    const release = await wire(KINDS.release);
    expect(release[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    // Read from the release configuration packaged unsigned on CI: the same fuses exactly.
    expect(await wire(KINDS.releaseUnsigned)).toEqual(release);
    // Playwright's _electron.launch starts the app with --inspect=0 and times out with the fuse
    // off; every other fuse of the ad-hoc kind is the release's (merged from electron-builder.yml).
    expect(await wire(KINDS.adhoc)).toEqual({ ...release, [FuseV1Options.EnableNodeCliInspectArguments]: true });
    expect((await load(KINDS.adhoc))['electronFuses']).toEqual({ ...(await load(KINDS.release))['electronFuses'] as object, enableNodeCliInspectArguments: true });
  });

  it('refuses a configuration with an unknown field (the check is real)', async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml', null);
    await expect(validateConfiguration({ ...config, notAnOption: true }, new DebugLogger(false))).rejects.toThrow(/notAnOption|unknown property/i);
  });
});
