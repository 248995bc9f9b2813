/** Runs a compiled bench script in a fresh node process and reads the JSON line it prints. */
import { execFile } from 'node:child_process';
import { distFile } from './paths.js';

/** Runs `node [nodeArgs] dist/<script> args` and parses its last stdout line as JSON. */
export function runChild<T>(script: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...nodeArgs, distFile(script), ...args], { env, timeout: 60_000, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`${script} failed: ${error.message}\n${stderr}`));
        return;
      }
      const last = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} printed no JSON line:\n${stdout}\n${stderr}`));
      }
    });
  });
}
