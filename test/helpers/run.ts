import { execFile } from 'node:child_process';

/** What running a command gave. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program without a shell and collects its output; never rejects. */
export function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<Ran> {
  return new Promise((done) => {
    execFile(file, args, { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs ?? 120_000, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, stdout, stderr });
    });
  });
}
