// Which one program an interpreter process runs, as /proc shows it (app/os/program-linux.ts):
// real processes of /usr/bin/python3 and node started from a folder of their own with a relative
// script and a link to it, and the command lines that name no one program. A standing
// accessibility consent for an interpreter's name is keyed by this path (app/rules/consent.ts).
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { scriptArgument } from '../../app/os/program-linux.js';

const LINUX = process.platform === 'linux';
const PYTHON = '/usr/bin/python3';
let dir = '';
const children: ChildProcess[] = [];

/** Starts `command args` in `cwd`; resolves once it runs its own code (it printed a line), so its command line is final. */
async function started(command: string, args: string[], cwd: string): Promise<number> {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it started`)));
  });
  return child.pid ?? -1;
}

describe.runIf(LINUX)('the program an interpreter runs, read from /proc', () => {
  const os = createOs();
  beforeAll(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'glance-program-')));
    await mkdir(join(dir, 'app'));
    await writeFile(join(dir, 'app', 'notes.py'), 'import sys\nprint("up", flush=True)\nsys.stdin.read()\n');
    await writeFile(join(dir, 'app', 'mod.py'), 'import sys\nprint("up", flush=True)\nsys.stdin.read()\n');
    await writeFile(join(dir, 'app', 'tool.js'), 'console.log("up"); process.stdin.resume();\n');
    await symlink(join(dir, 'app', 'notes.py'), join(dir, 'linked.py'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('names a script given relative to the working folder, or through a link, by its real path', async () => {
    const relative = await started(PYTHON, ['-I', 'app/notes.py'], dir);
    const bundleId = await os.bundleId(relative);
    expect(bundleId).toMatch(/^python3/);
    expect(await os.program(relative, bundleId ?? '')).toBe(join(dir, 'app', 'notes.py'));
    const linked = await started(PYTHON, ['linked.py'], dir);
    expect(await os.program(linked, bundleId ?? '')).toBe(join(dir, 'app', 'notes.py'));
    const node = await started(process.execPath, ['--no-warnings', './tool.js'], join(dir, 'app'));
    expect(await os.program(node, (await os.bundleId(node)) ?? '')).toBe(join(dir, 'app', 'tool.js'));
  });

  it('names no program for code given inline, a module looked up on a path, or a process that is no interpreter', async () => {
    const inline = await started(PYTHON, ['-c', 'import sys; print("up", flush=True); sys.stdin.read()'], dir);
    expect(await os.program(inline, 'python3.11')).toBeUndefined();
    const module = await started(PYTHON, ['-m', 'mod'], join(dir, 'app'));
    expect(await os.program(module, 'python3.11')).toBeUndefined();
    expect(await os.program(process.pid, 'org.example.App')).toBeUndefined();
  });
});

describe('the script an interpreter\'s command line names', () => {
  it.each([
    ['python3.11', ['python3', 'notes.py', '--flag'], 'notes.py'],
    ['python3.11', ['python3', '-IuB', '-W', 'ignore', '-Xdev', 'notes.py'], 'notes.py'],
    ['python3.11', ['python3', '--', '-odd.py'], '-odd.py'],
    ['node', ['node', '--inspect', '--max-old-space-size=512', 'server.js'], 'server.js'],
    ['electron', ['electron', '--no-sandbox', '/opt/app'], '/opt/app'],
    ['deno', ['deno', 'run', '--allow-read', 'main.ts'], 'main.ts'],
    ['gjs', ['gjs', '-m', '/usr/share/app/main.js'], '/usr/share/app/main.js'],
    ['gjs', ['gjs', '-I', '/usr/share/lib', 'main.js'], 'main.js'],
    ['java', ['java', '-Xmx1g', '-cp', 'lib', '-jar', 'notes.jar'], 'notes.jar'],
    ['java', ['java', 'Notes.java'], 'Notes.java'],
    ['perl', ['perl', 'notes.pl'], 'notes.pl'],
  ])('%s %j: %s', (bundleId, argv, script) => {
    expect(scriptArgument(bundleId, argv)).toBe(script);
  });

  it.each([
    ['python3.11', ['python3']],
    ['python3.11', ['python3', '-c', 'print(1)']],
    ['python3.11', ['python3', '-Ic', 'print(1)']],
    ['python3.11', ['python3', '-m', 'notes']],
    ['python3.11', ['python3', '-']],
    ['python3.11', ['python3', '--unknown-option', 'x.py']],
    ['node', ['node']],
    ['node', ['node', '-e', 'x']],
    ['node', ['node', '--require', './other.js', 'notes.js']],
    ['node', ['node', '--import=./other.mjs', 'notes.js']],
    ['node', ['node', '--title', 'notes.js', 'other.js']],
    ['gjs', ['gjs', '-c', 'print(1)']],
    ['java', ['java', '-cp', 'lib', 'org.example.Main']],
    ['java', ['java', '-m', 'app/org.example.Main']],
    ['java', ['java', '-javaagent:other.jar', '-jar', 'notes.jar']],
    ['perl', ['perl', '-e', 'print 1']],
    ['org.example.App', ['app', 'file.txt']],
  ])('%s %j: none', (bundleId, argv) => {
    expect(scriptArgument(bundleId, argv)).toBeUndefined();
  });
});
