// The `glance` command as a Node single executable application, the way the Mac app ships it
// (scripts/build-command.js, docs/app.md "The glance command on a Mac"), built here for Linux
// with this Node to prove the recipe: linked onto a PATH of the test's own as Settings installs
// it, it runs through that link with no Node anywhere on the PATH.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCommand } from '../../app/command/on-path.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { useTempFolder } from '../helpers/temp-folder.js';

const run = promisify(execFile);
const out = useTempFolder('glance-command-sea-');
let providers: Awaited<ReturnType<typeof makeProvidersDir>>;
beforeAll(async () => {
  providers = await makeProvidersDir();
  await run(process.execPath, ['scripts/build-command.js', '--out', out()], { timeout: 120_000 });
}, 150_000);
afterAll(async () => { await providers?.cleanup(); });

describe('the glance command as a single executable', () => {
  it('runs through the link install makes, with no Node on the PATH', async () => {
    const bin = join(out(), 'bin');
    await installCommand(join(out(), 'glance'), bin);
    const env = { APP_CONTEXT_PROVIDERS_DIR: providers.dir, GLANCE_HOME: providers.home, PATH: `${bin}:/nonexistent` };
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    // By name, as a user types it: the shell finds it on the PATH.
    const said = await run('/bin/sh', ['-c', 'glance --version'], { env, timeout: 30_000 });
    expect(said.stdout).toMatch(new RegExp(`^glance ${version.replaceAll('.', '\\.')} \\(app-context protocol `));
    const listed = await run(join(bin, 'glance'), ['providers', '--json'], { env, timeout: 30_000 });
    expect(JSON.parse(listed.stdout)).toMatchObject({ folder: { path: providers.dir, usable: true }, descriptors: [] });
  }, 60_000);
});
