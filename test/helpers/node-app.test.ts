// The stand-in app tests run providers in on macOS (node-app.ts), built and read here as the
// host reads it there: the executable's innermost .app, its Info.plist through a stand-in for
// `plutil` that is Python's plistlib (the format Apple's tools read), and `ps` answered from
// /proc. So a bundle id macOS would report is checked without a Mac.
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { darwinBundleId, enclosingAppBundle } from '@app-context/provider-kit/platform';
import { killStarted, startAndRead } from '../os/processes.js';
import { nodeFor, standInApp } from './node-app.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glance-node-app-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(killStarted);

describe('the stand-in app a test provider runs in on macOS', () => {
  it('is only used on macOS: elsewhere a bare node has a bundle id already', () => {
    expect(nodeFor('org.example.Notes', 'linux')).toBe(process.execPath);
  });

  it('is an .app whose executable runs node and whose Info.plist names the bundle id', async () => {
    const executable = standInApp('org.example.Notes', dir);
    expect(executable).toBe(join(dir, 'org.example.Notes.app', 'Contents', 'MacOS', 'node'));
    expect(enclosingAppBundle(executable)).toBe(join(dir, 'org.example.Notes.app'));
    const { line } = await startAndRead(executable, ['-e', 'console.log(process.versions.node)']);
    expect(line).toBe(process.versions.node);
    expect(await readFile(join(dir, 'org.example.Notes.app', 'Contents', 'Info.plist'), 'utf8')).toContain('<string>org.example.Notes</string>');
  });

  it('is built once and then reused, leaving no half-built copy beside it', async () => {
    const first = standInApp('org.example.Again', dir);
    expect(standInApp('org.example.Again', dir)).toBe(first);
    expect((await readdir(dir)).filter((name) => name.startsWith('.org.example.Again'))).toEqual([]);
  });

  it('refuses a bundle id that could leave its folder', () => {
    expect(() => standInApp('../evil', dir)).toThrow(/not a bundle id/);
  });

  it.runIf(process.platform === 'linux')('gives the bundle id the host reads for the running process, as on a Mac', async () => {
    const executable = standInApp('org.example.Field', dir);
    const { pid } = await startAndRead(executable, ['-e', 'console.log("ready");setTimeout(()=>{},60000)']);
    // lsappinfo knows no such app (Launch Services did not launch it), so the host falls back
    // to the executable's path (`ps -o comm=`) and the enclosing app's Info.plist.
    const lsappinfo = join(dir, 'lsappinfo');
    await writeFile(lsappinfo, '#!/bin/sh\nexit 0\n');
    const ps = join(dir, 'ps');
    await writeFile(ps, '#!/bin/sh\n# ps -o comm= -p PID\nreadlink "/proc/$4/exe"\n');
    const plutil = join(dir, 'plutil');
    await writeFile(plutil, '#!/usr/bin/env python3\n# plutil -convert json -o - FILE\nimport json, plistlib, sys\nprint(json.dumps(plistlib.load(open(sys.argv[-1], "rb"))))\n');
    for (const tool of [lsappinfo, ps, plutil]) await chmod(tool, 0o755);
    const tools = { lsappinfo, ps, plutil, lsof: '/bin/false', timeoutMs: 5000 };
    expect(await darwinBundleId(pid, tools)).toBe('org.example.Field');
  });
});
