/**
 * The `glance` command as a whole process, as scripts, Shortcuts and shell prompts run it:
 * `node bin/glance.js current --pid N --json` and `node bin/glance.js --version`, each against
 * its floor, `node -e 0` (Node's own start), measured in the same run. The three are run in turn,
 * round after round, so a slow patch of the machine hits all of them; each figure is the wall
 * time from the spawn to the exit, and each run must have succeeded (a bench that timed
 * failures would lie).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchProvider } from './provider.js';
import { REPO_ROOT } from './paths.js';
import { round, summarise, type Summary } from './stats.js';

/** One command line against its floor. */
export interface CommandRow extends Summary {
  command: string;
  /** The floor, `node -e 0`, measured in the same rounds. */
  node_median_ms: number;
  /** median_ms / node_median_ms. */
  ratio: number;
}

interface Run {
  code: number | null;
  stdout: string;
  ms: number;
}

/** Runs one process to its end; wall time from the spawn to the exit. */
function timed(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, ms: performance.now() - start }));
  });
}

/**
 * `rounds` rounds of node -e 0, glance --version and glance current --pid N --json against the
 * provider, in turn, after `warmup` rounds untimed (the file cache, the provider's JIT).
 */
export async function benchCommand(provider: BenchProvider, rounds: number, warmup: number): Promise<CommandRow[]> {
  // Glance's own data folder: one of the bench's, empty (no rules), never the user's.
  const home = await mkdtemp(join(tmpdir(), 'glance-bench-home-'));
  const env = { ...provider.env, GLANCE_HOME: home };
  const lines: { command: string; args: string[]; check: (run: Run) => void }[] = [
    { command: 'node -e 0', args: ['-e', '0'], check: () => undefined },
    {
      command: 'glance --version',
      args: ['bin/glance.js', '--version'],
      check: (run) => { if (!run.stdout.startsWith('glance ')) throw new Error(`glance --version printed ${JSON.stringify(run.stdout.slice(0, 80))}`); },
    },
    {
      command: 'glance current --pid N --json',
      args: ['bin/glance.js', 'current', '--pid', String(provider.pid), '--json'],
      check: (run) => {
        const printed = JSON.parse(run.stdout) as { answer?: { instance?: string } };
        if (printed.answer?.instance !== provider.descriptor.instance) throw new Error('glance current did not print the provider\'s answer');
      },
    },
  ];
  const samples = lines.map(() => [] as number[]);
  try {
    for (let r = 0; r < warmup + rounds; r += 1) {
      for (const [i, line] of lines.entries()) {
        const run = await timed(line.args, env);
        if (run.code !== 0) throw new Error(`${line.command} exited ${run.code}`);
        line.check(run);
        if (r >= warmup) samples[i]?.push(run.ms);
      }
    }
  } finally {
    await rm(home, { recursive: true, force: true });
  }
  const node = summarise(samples[0] ?? []);
  return lines.map((line, i) => {
    const s = summarise(samples[i] ?? []);
    return { command: line.command, ...s, node_median_ms: node.median_ms, ratio: round(s.median_ms / node.median_ms) };
  });
}
