// A stand-in for a system tool (ps, mdfind, lsof…): a small executable shell script in a test's
// own folder, so a test drives the real code path that runs a tool, with the tool's answer chosen.
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes `dir/name` as `#!/bin/sh` plus `body`, executable, and gives its path. */
export async function writeShellTool(dir: string, name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}
