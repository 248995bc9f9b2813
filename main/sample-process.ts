import { utilityProcess } from 'electron';
import type { SampleChild } from './flow/sample-notes.js';

/**
 * Runs the bundled Sample Notes as an Electron utility process: Electron's own way to run a
 * Node script as a child, with no second runtime to ship. Its descriptor names this process,
 * whose bundle id the kit computes with the host's own OS services, so the checks agree.
 * Resolves once it has a pid; rejects when it ends before that.
 */
export function forkSampleNotes(script: string): Promise<SampleChild> {
  const child = utilityProcess.fork(script, [], { serviceName: 'Sample Notes', stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<SampleChild>((resolve, reject) => {
    child.once('spawn', () => {
      const pid = child.pid;
      if (pid === undefined) {
        reject(new Error('the utility process has no pid'));
        return;
      }
      resolve({ pid, exited, kill: () => void child.kill() });
    });
    void exited.then(() => reject(new Error('the utility process ended before it started')));
  });
}
