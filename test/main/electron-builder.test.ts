// electron-builder.yml checked with electron-builder's own validation, offline: the schema
// it ships (scheme.json) and the deprecation checks in validateConfiguration.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

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

describe('electron-builder.yml', () => {
  it('passes app-builder-lib validateConfiguration against its scheme.json', async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml', null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is a menu-bar app with hardened runtime, entitlements, dmg and zip for both architectures', async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml', null);
    const mac = config.mac ?? {};
    expect(mac['hardenedRuntime']).toBe(true);
    expect(mac['extendInfo']).toMatchObject({ LSUIElement: true });
    expect(mac['target']).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config['asarUnpack']).toContain('node_modules/get-windows/main');
    const entitlements = await readFile(String(mac['entitlements']), 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
  });

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

  it('refuses a configuration with an unknown field (the check is real)', async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml', null);
    await expect(validateConfiguration({ ...config, notAnOption: true }, new DebugLogger(false))).rejects.toThrow(/notAnOption|unknown property/i);
  });
});
