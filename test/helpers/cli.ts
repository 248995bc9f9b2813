import { execFile } from 'node:child_process';

/** Runs the built `glance` command as a user would, and returns its exit status and output. */
export function runGlance(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/glance.js', ...args], { env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : error ? 1 : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
