// The Mac icon path with Electron's app.getFileIcon stood in for at the very edge (it exists
// only inside Electron on a Mac): the bundle is found as on a Mac, by stand-in ps and mdfind
// scripts printing what macOS's own print, and the image given back is a real PNG.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DARWIN_TOOLS } from '@app-context/provider-kit/platform';
import { createDarwinAppIcons, type DarwinIconTools, type FileIcon } from '../../main/app-icon-darwin.js';
import { makeAppIconPng } from '../helpers/png.js';
import { writeShellTool } from '../helpers/shell-tool.js';

let dir = '';
let tools: DarwinIconTools;
const PNG = makeAppIconPng(32, [250, 180, 0]);
const tool = (name: string, body: string): Promise<string> => writeShellTool(dir, name, body);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glance-mac-icons-'));
  tools = {
    ...DEFAULT_DARWIN_TOOLS,
    // ps -o comm= -p 501 prints Notes' executable; any other pid runs outside a bundle.
    ps: await tool('ps', 'if [ "$4" = "501" ]; then echo /System/Applications/Notes.app/Contents/MacOS/Notes; else echo /usr/local/bin/node; fi'),
    lsof: await tool('lsof', 'exit 1'),
    // Spotlight knows one app by its bundle id; the query arrives as one argument.
    mdfind: await tool('mdfind', 'case "$1" in *\'"com.example.Sketch"\'*) echo /Applications/Sketch.app;; esac'),
    timeoutMs: 2000,
  };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** app.getFileIcon as the test plays it: the paths asked, and a real PNG for a bundle (an empty image otherwise). */
function fileIcons(): { fileIcon: FileIcon; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fileIcon: async (path) => {
      asked.push(path);
      const png = path.endsWith('.app') ? PNG : new Uint8Array();
      return { isEmpty: () => png.length === 0, toPNG: () => png };
    },
  };
}

describe('the Mac app icon, through app.getFileIcon', () => {
  it("asks for the icon of the running app's bundle, and sends its PNG as a data URL", async () => {
    const { fileIcon, asked } = fileIcons();
    expect(await createDarwinAppIcons(fileIcon, tools).iconOf({ pid: 501, bundleId: 'com.apple.Notes' })).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(asked).toEqual(['/System/Applications/Notes.app']);
  });

  it('finds a bundle by its id through Spotlight when the app does not run (History)', async () => {
    const { fileIcon, asked } = fileIcons();
    expect(await createDarwinAppIcons(fileIcon, tools).iconOf({ bundleId: 'com.example.Sketch' })).toMatch(/^data:image\/png;base64,/);
    expect(asked).toEqual(['/Applications/Sketch.app']);
  });

  it('gives none for a process in no bundle with an id Spotlight does not know, an id that is no bundle id, and a failing getFileIcon', async () => {
    const { fileIcon, asked } = fileIcons();
    const icons = createDarwinAppIcons(fileIcon, tools);
    expect(await icons.iconOf({ pid: 777, bundleId: 'node' })).toBeUndefined();
    expect(await icons.iconOf({ bundleId: 'x" || kMDItemFSName == "*' })).toBeUndefined();
    expect(asked).toEqual([]);
    const failing = createDarwinAppIcons(async () => { throw new Error('no icon'); }, tools);
    expect(await failing.iconOf({ pid: 501 })).toBeUndefined();
  });
});
