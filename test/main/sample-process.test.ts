// main/sample-process.ts with a NARROW electron mock: utilityProcess.fork is played by a real
// `node` child with the utility process's events (spawn, exit) and members (pid, kill), so the
// wrapper is checked against a real process starting, failing and being ended.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { UtilityProcess } from 'electron';
import { describe, expect, it, vi } from 'vitest';

const forks: { script: string; options: unknown }[] = [];

class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined;
  private readonly child: ChildProcess;
  constructor(script: string) {
    super();
    // A program that does not exist fails to launch: Electron then reports only an exit.
    this.child = spawn(script.endsWith('.mjs') ? process.execPath : script, [script], { stdio: 'ignore' });
    this.child.once('spawn', () => {
      this.pid = this.child.pid;
      this.emit('spawn');
    });
    // A script that cannot be run ends before it spawns, as Electron reports it: an exit.
    this.child.once('error', () => this.emit('exit', 1));
    this.child.once('exit', (code) => this.emit('exit', code ?? 1));
  }
  kill(): boolean {
    return this.child.kill('SIGTERM');
  }
}
// The members sample-process.ts uses, and nothing else.
void (FakeUtilityProcess.prototype satisfies Pick<UtilityProcess, 'kill'>);

vi.mock('electron', () => ({
  utilityProcess: {
    fork: (script: string, _args: string[], options: unknown) => {
      forks.push({ script, options });
      return new FakeUtilityProcess(script);
    },
  },
}));

const { forkSampleNotes } = await import('../../main/sample-process.js');

describe('Sample Notes as a utility process', () => {
  it('resolves with the pid once it has spawned, and ends it on kill', async () => {
    const child = await forkSampleNotes('test/fixtures/idle.mjs');
    expect(child.pid).toBeGreaterThan(0);
    expect(forks.at(-1)).toEqual({ script: 'test/fixtures/idle.mjs', options: { serviceName: 'Sample Notes', stdio: 'ignore' } });
    child.kill();
    await child.exited;
  });

  it('rejects when it ends before it spawned', async () => {
    await expect(forkSampleNotes('/nonexistent/sample')).rejects.toThrow('the utility process ended before it started');
  });
});
