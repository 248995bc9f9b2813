// package.json's Node versions against what the locked dependencies declare,
// matched with semver as npm matches them. `engines.node` is what Glance supports: a range every
// locked package accepts, so `npm ci` there prints no EBADENGINE, and no narrower than they make
// it. `devEngines.runtime` is the oldest Node npm lets anyone work on the repository with: on it
// only the packages behind the Electron binary's download and packaging, and secretlint, declare
// more (the README says so), and one step below it the build tools refuse.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** semver, as npm uses it (a dependency of app-builder-lib, not one of ours). */
const semver = createRequire(createRequire(import.meta.url).resolve('app-builder-lib'))('semver') as {
  satisfies(version: string, range: string): boolean;
  subset(sub: string, dom: string): boolean;
};

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devEngines: { runtime: { name: string; version: string; onFail: string } } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

/** Every locked package (workspaces and the root aside) that declares a Node range: name@version -> range. */
const declared = new Map(
  Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && !Array.isArray(entry.engines) && entry.engines?.node !== undefined)
    .map(([path, entry]) => [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'}`, (entry.engines as { node: string }).node]),
);

/** The locked packages whose declared range leaves `version` out. */
function refusing(version: string): string[] {
  return [...declared].filter(([, range]) => !semver.satisfies(version, range)).map(([name]) => name.replace(/@[^@]+$/, '')).sort();
}

describe('package.json engines and devEngines', () => {
  it('engines.node is accepted by every locked package that declares a Node version', () => {
    expect(declared.size).toBeGreaterThan(20);
    expect([...declared].filter(([, range]) => !semver.subset(manifest.engines.node, range))).toEqual([]);
  });

  it('and is no narrower than they make it: each Node it leaves out, some package refuses', () => {
    expect(manifest.engines.node).toBe('^22.13.0 || >=24');
    // 22.12: ESLint 10 (^20.19 || ^22.13 || >=24); 23: ESLint too; 20: Electron's tooling, secretlint.
    for (const version of ['20.19.0', '20.99.0', '22.12.0', '23.11.0']) {
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(false);
      expect(refusing(version), version).not.toEqual([]);
    }
    for (const version of ['22.13.0', '22.99.0', '24.0.0', '26.0.0']) expect(refusing(version), version).toEqual([]);
  });

  it('devEngines.runtime is the oldest Node the build and test tools take; there only Electron\'s tooling and secretlint want 22', () => {
    expect(manifest.devEngines.runtime).toEqual({ name: 'node', version: '>=20.19', onFail: 'error' });
    // What the README tells Node 20 users: the Electron binary's download (electron, @electron/get,
    // its unzipper) and packaging (@electron/rebuild, node-abi) need 22.12; secretlint declares 22
    // (Glance uses it to hold secrets back, in the glance command too, and it runs on 20 here).
    expect(refusing('20.19.0')).toEqual([
      '@electron-internal/extract-zip',
      '@electron/get',
      '@electron/rebuild',
      '@secretlint/core',
      '@secretlint/secretlint-rule-preset-recommend',
      '@secretlint/types',
      'electron',
      'node-abi',
    ]);
    // One release below, the build itself is refused (Vite, ESLint, TypeScript's tooling).
    expect(refusing('20.18.3')).toEqual(expect.arrayContaining(['vite', 'eslint', 'rolldown']));
  });

  it('the README names the Node version and says which parts need 22 on Node 20', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain('Node 22.13 or later');
    expect(readme).toContain('`^22.13.0 || >=24`');
    for (const part of ['download', 'packaging', 'secretlint']) expect(readme).toContain(part);
  });
});
