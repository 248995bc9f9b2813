// A Mac without Xcode's command line tools installs: `npm ci` runs `npm run build`, whose last
// step (scripts/build-accessibility-helpers.js) compiles the macOS accessibility helper with
// `xcrun swiftc`. Without a compiler it skips the helper in one line (the reader answers
// `no-helper` at run time) and the build goes on; a release is not packaged without it
// (scripts/ax-reader.js's beforePack). Run here with PATHs whose xcrun is absent, fails, or is
// a stand-in that "compiles", and the Mac's platform named through GLANCE_BUILD_PLATFORM.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { beforePack, buildAxReader, hasSwiftCompiler } from '../../scripts/ax-reader.js';
import { run } from '../helpers/run.js';
import { writeShellTool } from '../helpers/shell-tool.js';

type Build = (options: { swift: string; binary: string; env: NodeJS.ProcessEnv; log: (line: string) => void }) => string;
const build = buildAxReader as Build;

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'glance-ax-build-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A folder for PATH holding an xcrun with `body`, or none at all. */
async function pathWith(name: string, body?: string): Promise<string> {
  const dir = await mkdtemp(join(scratch, `${name}-`));
  if (body !== undefined) await writeShellTool(dir, 'xcrun', body);
  return dir;
}

describe('the build of the macOS accessibility helper', () => {
  it.each([
    ['absent', undefined],
    ['failing as without the command line tools', 'echo "xcrun: error: invalid active developer path (/Library/Developer/CommandLineTools)" >&2\nexit 1'],
  ])('skips it in one line when xcrun is %s, and the build succeeds', async (name, body) => {
    const env = { ...process.env, PATH: await pathWith('path', body), GLANCE_BUILD_PLATFORM: 'darwin' };
    const ran = await run(process.execPath, ['scripts/build-accessibility-helpers.js'], { cwd: process.cwd(), env });
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^ax-reader skipped: no Swift compiler \(install Xcode's command line tools with `xcode-select --install`, then `npm run build`\)/)]);
    expect(ran.stdout).toContain('"no-helper"');
    // The Linux helper is still in place for the reader.
    expect(existsSync('dist/app/os/accessibility/atspi-reader.py')).toBe(true);
    expect(hasSwiftCompiler(env)).toBe(false);
  });

  it('compiles both architectures in Swift 5 mode and joins them with lipo when xcrun finds swiftc, then only when the source is newer', async () => {
    const calls = join(scratch, 'calls.log');
    const bin = await pathWith(
      'tools',
      [
        `echo "$*" >> '${calls}'`,
        'case "$1" in',
        '  --find) echo /Library/Developer/CommandLineTools/usr/bin/swiftc ;;',
        // swiftc ... -o PART: the part holds its target's name.
        '  swiftc) for last; do :; done; echo "$6" > "$last" ;;',
        // lipo -create -output BINARY PARTS...
        '  lipo) out="$4"; shift 4; /bin/cat "$@" > "$out" ;;',
        'esac',
      ].join('\n'),
    );
    const swift = join(scratch, 'ax-reader.swift');
    await writeFile(swift, '// source\n');
    const binary = join(scratch, 'ax-reader');
    const lines: string[] = [];
    const env = { ...process.env, PATH: `${bin}:/usr/bin:/bin` };
    expect(build({ swift, binary, env, log: (line) => lines.push(line) })).toBe('built');
    expect(readFileSync(binary, 'utf8')).toBe('arm64-apple-macos12\nx86_64-apple-macos12\n');
    expect(existsSync(`${binary}-arm64`) || existsSync(`${binary}-x86_64`)).toBe(false);
    const swiftc = readFileSync(calls, 'utf8').split('\n').filter((line) => line.startsWith('swiftc'));
    expect(swiftc).toEqual([
      `swiftc -O -swift-version 5 -target arm64-apple-macos12 ${swift} -o ${binary}-arm64`,
      `swiftc -O -swift-version 5 -target x86_64-apple-macos12 ${swift} -o ${binary}-x86_64`,
    ]);
    expect(build({ swift, binary, env, log: (line) => lines.push(line) })).toBe('fresh');
    expect(lines).toEqual([]);
  });

  it('refuses to package on a Mac a Mac build without the helper, and lets the others through', () => {
    const missing = join(scratch, 'no-such-ax-reader');
    expect(() => beforePack({ electronPlatformName: 'darwin' }, missing, 'darwin')).toThrow(/a Mac build must carry the accessibility helper\. Install Xcode's command line tools/);
    expect(() => beforePack({ electronPlatformName: 'darwin' }, process.execPath, 'darwin')).not.toThrow();
    expect(() => beforePack({ electronPlatformName: 'linux' }, missing, 'darwin')).not.toThrow();
    // test/main/packaging.test.ts packages for macOS on Linux, where no helper can be compiled.
    expect(() => beforePack({ electronPlatformName: 'darwin' }, missing, 'linux')).not.toThrow();
  });
});
