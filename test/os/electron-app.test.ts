// Whether an app is built on Electron (app/os/accessibility/electron-app.ts), for the consent
// card's words: a real bundle layout in a temporary folder, and ps as a stand-in that prints the
// process's executable as macOS's ps does, so the real path from pid to bundle is run here.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DARWIN_TOOLS } from '@app-context/provider-kit/platform';
import { isElectronApp, isElectronBundle } from '../../app/os/accessibility/electron-app.js';
import { writeShellTool } from '../helpers/shell-tool.js';

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'glance-electron-app-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** An app bundle with an executable, and Electron's framework when `electron`. */
function bundle(name: string, electron: boolean): string {
  const app = join(scratch, `${name}.app`);
  mkdirSync(join(app, 'Contents', 'MacOS'), { recursive: true });
  if (electron) mkdirSync(join(app, 'Contents', 'Frameworks', 'Electron Framework.framework'), { recursive: true });
  return app;
}

describe('an Electron app', () => {
  it('is told by the framework in its bundle, found from the process through ps', async () => {
    const code = bundle('Code', true);
    const preview = bundle('Preview', false);
    expect(isElectronBundle(code)).toBe(true);
    expect(isElectronBundle(preview)).toBe(false);
    const ps = (app: string, exe: string): Promise<string> => writeShellTool(scratch, `ps-${exe}`, `echo '${join(app, 'Contents', 'MacOS', exe)}'`);
    const tools = (path: string) => ({ ...DEFAULT_DARWIN_TOOLS, ps: path, lsof: '/nonexistent/lsof' });
    expect(await isElectronApp(4242, 'darwin', tools(await ps(code, 'Electron')))).toBe(true);
    expect(await isElectronApp(4242, 'darwin', tools(await ps(preview, 'Preview')))).toBe(false);
    // No bundle around the executable (a command-line tool): not told, so not Electron.
    expect(await isElectronApp(4242, 'darwin', tools(await writeShellTool(scratch, 'ps-tool', "echo '/usr/local/bin/tool'")))).toBe(false);
    // Off macOS there is no such switch: nothing is run.
    expect(await isElectronApp(4242, 'linux', tools('/nonexistent/ps'))).toBe(false);
  });
});
