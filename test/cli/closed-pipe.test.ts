// `glance … | head -1`: the reader stops early and closes the pipe. That is the reader's
// choice, not a failure of Glance: no stack trace, no "unexpected failure", a clean exit.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireBuild } from '../provider/helpers.js';

describe('a closed pipe on stdout', () => {
  it('ends glance quietly with status 0 when the reader closes before the output is written', async () => {
    requireBuild();
    const home = await mkdtemp(join(tmpdir(), 'glance-pipe-'));
    try {
      const child = spawn(process.execPath, ['bin/glance.js', '--help'], {
        env: { ...process.env, GLANCE_HOME: home, APP_CONTEXT_PROVIDERS_DIR: join(home, 'providers') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Closed before the command has started writing: its first write meets a closed pipe.
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
      expect(stderr).toBe('');
      expect(code).toBe(0);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
