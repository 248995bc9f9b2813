// The browser helper as a Node single executable application, the way the Mac app ships it
// (scripts/build-browser-helper.js, docs/app.md "The browser helper on a Mac"), built here for
// Linux with this Node to prove the recipe: laid out as the packaged app's Resources, install
// finds it there and writes a launcher that runs it without any Node; started by the browser
// through that launcher (no Node on PATH), it speaks native messaging with its "extension" and
// serves the page through the protocol to the real `glance current`.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserHelper } from '../../app/browser/install.js';
import { PACKAGED_HELPER, shippedFiles, type ShippedFiles } from '../../app/browser/shipped.js';
import { runGlance } from '../helpers/cli.js';
import { pageRead, startFakeExtension, type FakeExtension } from '../helpers/fake-extension.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';

let out = '';
let providers: Awaited<ReturnType<typeof makeProvidersDir>>;
let extension: FakeExtension | undefined;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'glance-sea-'));
  providers = await makeProvidersDir();
  await promisify(execFile)(process.execPath, ['scripts/build-browser-helper.js', '--out', out], { timeout: 120_000 });
  // The packaged app's Resources: the single executable, and the extension beside it.
  await cp('provider/browser/extension', join(out, 'browser-extension'), { recursive: true });
}, 150_000);
afterAll(async () => {
  await extension?.stop();
  await providers?.cleanup();
  if (out) await rm(out, { recursive: true, force: true });
});

describe('the browser helper as a single executable', () => {
  it('is what install points the browser at inside the packaged app, and serves the page to glance current with no Node anywhere', async () => {
    const program = join(out, PACKAGED_HELPER);
    expect(existsSync(program)).toBe(true);
    // Inside the packaged app, Electron's resourcesPath is its Resources folder.
    const electron = process as { resourcesPath?: string };
    electron.resourcesPath = out;
    let files: ShippedFiles | undefined;
    try {
      files = shippedFiles();
    } finally {
      delete electron.resourcesPath;
    }
    expect(files).toEqual({ extension: join(out, 'browser-extension'), helper: program, program: true });
    const profileDir = join(out, 'profile');
    const installed = await installBrowserHelper({ home: providers.home, browser: 'chromium', profileDir, at: { home: out, platform: 'linux', env: {} }, files });
    const manifest = JSON.parse(await readFile(installed.manifestPath, 'utf8')) as { path: string };
    // The launcher runs the program itself: no Node named, none needed.
    expect(await readFile(manifest.path, 'utf8')).toMatch(new RegExp(`\\nexec '${program}' "\\$@"\\n`));
    extension = startFakeExtension([manifest.path], { ...providers.env, PATH: '/nonexistent' }, () => pageRead({ title: 'Trip to Lisbon', url: 'https://example.test/lisbon', selected: 'the tram climbs the hill' }));
    await expect.poll(() => readdirSync(providers.dir).filter((name) => name.endsWith('.json')).length).toBe(1);
    const run = await runGlance(['current', '--pid', String(process.pid), '--json'], providers.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Trip to Lisbon');
    expect(run.stdout).toContain('https://example.test/lisbon');
    expect(run.stdout).toContain('the tram climbs the hill');
    expect(extension.asks()).toBe(1);
    // The browser closes the connection: the program ends and takes its descriptor with it.
    await extension.stop();
    expect(await extension.exited).toBe(0);
    expect(readdirSync(providers.dir).filter((name) => name.endsWith('.json'))).toEqual([]);
  }, 60_000);
});
