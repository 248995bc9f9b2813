import { spawn, type ChildProcess } from 'node:child_process';
import type { SampleChild } from '../../main/flow/sample-notes.js';
import { nodeFor } from './node-app.js';

/** A child process with everything it printed, for leak checks and readiness. */
export interface Spawned {
  child: ChildProcess;
  pid: number;
  output: () => string;
  /** Resolves with the first line matching the pattern, or rejects after the time limit. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
  stop: () => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `node <script> ...args` with the given environment and collects its output; on macOS
 * as the stand-in app `node`, so the system reports a bundle id for it (node-app.ts).
 */
export function spawnNode(script: string, args: string[], env: NodeJS.ProcessEnv): Spawned {
  return spawnProcess(nodeFor(), [script, ...args], env);
}

/** Spawns any program with the given environment and collects its output. */
export function spawnProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const waiter of [...waiters]) {
      const match = out.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    pid: child.pid ?? -1,
    output: () => out,
    exited,
    waitFor: (pattern, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const match = out.match(pattern);
        if (match) return resolve(match);
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${out}`)), timeoutMs);
        waiters.push({ pattern, resolve: (m) => { clearTimeout(timer); resolve(m); } });
        void exited.then(({ code, signal }) => reject(new Error(`exited (${code ?? signal}) before ${pattern}; output:\n${out}`)));
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * `node ...args` as the launcher of "Try with Sample Notes" sees a started process (main runs
 * it as an Electron utility process instead): resolves once it has a pid, rejects when it
 * cannot be started.
 */
export function launchNodeChild(args: string[], env: NodeJS.ProcessEnv): Promise<SampleChild> {
  const child = spawn(nodeFor(), args, { env, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve({ pid: child.pid ?? -1, exited, kill: () => void child.kill('SIGTERM') }));
  });
}
