// The GitHub workflows in .github/workflows, checked offline with action-validator (the schema
// GitHub's workflow files follow, compiled to WebAssembly): every file validates, and the
// validator really rejects a broken one. Then what each workflow must do, read from its steps.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
/** semver, as npm matches engines with it (a dependency of app-builder-lib; not one of ours). */
const semverOf = (): { satisfies(version: string, range: string): boolean } => createRequire(createRequire(import.meta.url).resolve('app-builder-lib'))('semver') as { satisfies(version: string, range: string): boolean };
const validatorCli = createRequire(import.meta.url).resolve('@action-validator/cli/cli.mjs');
const folder = '.github/workflows';

/** Runs `action-validator FILE`: exit status and what it printed (the errors as JSON). */
async function validate(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [validatorCli, file]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The `run:` commands of a workflow, in order (one-line commands, which is all ours use). */
function commands(text: string): string[] {
  return [...text.matchAll(/^\s*(?:- )?run: (.+)$/gm)].map((m) => (m[1] ?? '').trim());
}

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the workflows', () => {
  it('every file in .github/workflows passes action-validator', async () => {
    const files = (await readdir(folder)).filter((name) => /\.ya?ml$/.test(name)).sort();
    expect(files).toEqual(['linux.yml', 'mac.yml']);
    for (const file of files) {
      const result = await validate(join(folder, file));
      expect(result, `${file}: ${result.output}`).toEqual({ code: 0, output: '' });
    }
  });

  it('action-validator rejects a broken workflow (exit 1, the offending key named)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glance-workflow-'));
    scratch.push(dir);
    const broken = join(dir, 'broken.yml');
    // A typo a reviewer could miss: `step:` instead of `steps:`, and a job without runs-on.
    await writeFile(broken, 'name: broken\non: [push]\njobs:\n  build:\n    step:\n      - run: npm test\n');
    const result = await validate(broken);
    expect(result.code).toBe(1);
    expect(result.output).toContain("Additional property 'step' is not allowed");
  });

  it('uses only actions at majors that exist (checked against each action\'s releases)', async () => {
    // actions/checkout v6.0.0-v6.0.3, actions/setup-node v6.0.0-v6.4.0, actions/upload-artifact
    // v6.0.0 (its #745, Node 24): each major tag exists. A new action or major is checked the same
    // way before it is added here.
    const known = new Set(['actions/checkout@v6', 'actions/setup-node@v6', 'actions/upload-artifact@v6']);
    for (const file of ['linux.yml', 'mac.yml']) {
      const text = await readFile(join(folder, file), 'utf8');
      for (const [, action = ''] of text.matchAll(/uses: (\S+)/g)) expect(known, `${file}: ${action}`).toContain(action);
    }
  });

  it('pins every action to a major version at least (or a commit)', async () => {
    for (const file of ['linux.yml', 'mac.yml']) {
      const text = await readFile(join(folder, file), 'utf8');
      const uses = [...text.matchAll(/uses: (\S+)/g)].map((m) => m[1] ?? '');
      expect(uses.length, file).toBeGreaterThan(0);
      for (const action of uses) expect(action, `${file}: ${action}`).toMatch(/^[\w.-]+\/[\w.-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
    }
  });

  it("mac: an arm64 macOS runner, Node 22, npm 11, the binary installed, the accessibility helper built, then tests, the browser helper as a single executable, package, the helper signed in it, its fuses and a release's, Electron tests, dmg, artifact", async () => {
    const [text = '', intel = ''] = (await readFile(join(folder, 'mac.yml'), 'utf8')).split(/^ {2}mac-intel-install:$/m);
    expect(text).toMatch(/runs-on: macos-(1[4-9]|[2-9]\d)\b/);
    expect(text).toMatch(/node-version: 22\b/);
    // The Electron binary must be downloaded here, unlike on Linux.
    expect(text).not.toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD\s*[:=]/);
    expect(text).toMatch(/CSC_IDENTITY_AUTO_DISCOVERY: "false"/);
    // A contributor's build (electron-builder.adhoc.yml), signed ad hoc on pull requests too.
    expect(text).toMatch(/CSC_FOR_PULL_REQUEST: "true"/);
    // npm test's panel tests need a Chromium; the runner has Chrome, not /usr/bin/chromium.
    expect(text).toMatch(/GLANCE_CHROMIUM: \/Applications\/Google Chrome\.app\/Contents\/MacOS\/Google Chrome\n/);
    expect(commands(text)).toEqual([
      // npm 11.16 or later, before npm ci: it honours package.json's allowScripts (Node 22's npm 10 does not).
      'npm install -g --no-audit --no-fund npm@11.21.2',
      'npm ci --no-audit --no-fund',
      'node scripts/check-install.js',
      `node -p "require('electron')"`,
      'lipo -archs dist/app/os/accessibility/ax-reader',
      // The helper in Swift 6 language mode too (npm ci built it in 5).
      'xcrun swiftc -O -swift-version 6 -target arm64-apple-macos12 app/os/accessibility/ax-reader.swift -o "$RUNNER_TEMP/ax-reader-swift6"',
      // A Mac without the command line tools: the build skips the helper in one line.
      '|',
      'npx vitest run test/os/accessibility-mac.test.ts',
      'npm test',
      // The browser helper as a single executable, before packaging copies and signs it.
      'node scripts/build-browser-helper.js && codesign --verify dist/browser-helper/arm64/glance-browser-helper',
      'node scripts/build-command.js && codesign --verify dist/command/arm64/glance && dist/command/arm64/glance --version',
      'npx electron-builder --mac --dir --arm64 --publish never --config electron-builder.adhoc.yml',
      'codesign --verify --strict --verbose=2 release/mac-arm64/Glance.app/Contents/Resources/glance-browser-helper',
      'codesign --verify --strict --verbose=2 release/mac-arm64/Glance.app/Contents/Resources/glance',
      // The build under test, read fuse by fuse before Playwright launches it (the inspector on).
      'node scripts/check-fuses.js --app release/mac-arm64/Glance.app --config electron-builder.adhoc.yml',
      // A release's fuses from a real binary: the release configuration, packaged unsigned.
      'npx electron-builder --mac --dir --arm64 --publish never --config electron-builder.release-unsigned.yml',
      'node scripts/check-fuses.js --app release-unsigned/mac-arm64/Glance.app --config electron-builder.yml',
      'npm run test:electron',
      'npx electron-builder --mac dmg --arm64 --publish never --config electron-builder.adhoc.yml',
    ]);
    expect(text).toMatch(/uses: actions\/upload-artifact@v\d+\n\s+with:\n\s+name: Glance-mac-arm64\n\s+path: release\/\*\.dmg/);
    expect(text).toMatch(/DEVELOPER_DIR=\/nonexistent node scripts\/build-accessibility-helpers\.js > "\$RUNNER_TEMP\/skip\.txt"\n.*\n\s+grep -q '\^ax-reader skipped: no Swift compiler'/);
    // An Intel Mac, for the install alone: nothing compiled, get-windows' helper runs on x86_64.
    expect(intel).toMatch(/runs-on: macos-15-intel\n/);
    expect(intel).toMatch(/node-version: 22\b/);
    expect(commands(intel)).toEqual(['npm install -g --no-audit --no-fund npm@11.21.2', 'npm ci --no-audit --no-fund', 'node scripts/check-install.js']);
  });

  it('.ci/run installs npm 11.21.2 when its npm is older than 11.16, before npm ci', async () => {
    const script = await readFile('.ci/run', 'utf8');
    const upgrade = script.indexOf('npm install -g --no-audit --no-fund npm@11.21.2');
    expect(upgrade).toBeGreaterThan(0);
    expect(upgrade).toBeLessThan(script.indexOf('npm ci --no-audit --no-fund'));
    // The version test it runs, against versions either side of 11.16: exit 1 means "upgrade".
    const test = /node -e '([^']+)' "\$\(npm --version\)"/.exec(script)?.[1] ?? '';
    expect(test).toContain('process.exit');
    const exitFor = (version: string): Promise<number> => run(process.execPath, ['-e', test, version]).then(() => 0, (error: { code: number }) => error.code);
    expect(await Promise.all(['10.9.9', '11.15.0', '11.16.0', '11.19.1', '12.2.2'].map(exitFor))).toEqual([1, 1, 0, 0, 0]);
  });

  it('linux: .ci/run as root on Debian, with Node 22 (the README\'s) and Node 20 (the floor, the project machines)', async () => {
    const text = await readFile(join(folder, 'linux.yml'), 'utf8');
    expect(text).toContain('container: node:${{ matrix.node }}-bookworm');
    expect(text).toMatch(/^ {8}node: \[22, 20\]$/m);
    expect(commands(text)).toEqual(['bash .ci/run']);
  });

  it('each workflow runs a Node that package.json accepts: engines for 22, devEngines.runtime for 20', async () => {
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string }; devEngines: { runtime: { version: string } } };
    const semver = semverOf();
    // The newest of a major line, as setup-node and the node:N images give it.
    const newest = (major: number): string => `${major}.99.0`;
    expect(semver.satisfies(newest(22), manifest.engines.node)).toBe(true);
    expect(semver.satisfies(newest(20), manifest.engines.node)).toBe(false);
    expect(semver.satisfies(newest(20), manifest.devEngines.runtime.version)).toBe(true);
  });
});
