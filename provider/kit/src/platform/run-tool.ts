/**
 * Running a short-lived OS tool (lsof, ps, lsappinfo, plutil) the one safe way: no shell,
 * a hard time limit, SIGKILL when it is exceeded, and a bounded output. The result says
 * which of the ordinary failures happened, so callers can give the user a precise reason.
 */
import type { ExecFileException } from 'node:child_process';

/** How a tool run ended. `exit` is a non-zero status; `missing` means the binary was not found. */
export type RunResult =
  | { kind: 'ok'; stdout: string; stderr: string }
  | { kind: 'exit'; code: number; stdout: string; stderr: string }
  | { kind: 'missing' }
  | { kind: 'timeout' }
  | { kind: 'error'; message: string };

/** Options for one tool run. */
export interface RunOptions {
  timeoutMs: number;
  /** Output beyond this is an error rather than a memory problem; 1 MiB by default. */
  maxBuffer?: number;
}

/**
 * Runs `file` with `args` (never through a shell) and reports how it ended. Never throws.
 * node:child_process is loaded on the first run: importing it costs a command that never runs a
 * tool (`glance current` on Linux asks /proc) several milliseconds of its start.
 */
export async function runTool(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    try {
      execFile(
        file,
        args,
        {
          timeout: options.timeoutMs,
          // SIGTERM can be ignored by a wedged lsof (stuck on a dead network mount); SIGKILL cannot.
          killSignal: 'SIGKILL',
          maxBuffer: options.maxBuffer ?? 1024 * 1024,
          encoding: 'utf8',
          windowsHide: true,
          shell: false,
        },
        (error, stdout, stderr) => {
          if (!error) {
            resolve({ kind: 'ok', stdout, stderr });
            return;
          }
          resolve(classify(error, stdout, stderr));
        },
      );
    } catch (error: unknown) {
      // execFile throws synchronously only for invalid arguments (e.g. a NUL byte in a path).
      resolve({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
}

function classify(error: ExecFileException, stdout: string, stderr: string): RunResult {
  const code = error.code;
  if (code === 'ENOENT') return { kind: 'missing' };
  // Node also kills the child when the output is too large; say so rather than "timed out".
  if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return { kind: 'error', message: 'output too large' };
  if (error.killed === true || error.signal === 'SIGKILL') return { kind: 'timeout' };
  if (typeof code === 'number') return { kind: 'exit', code, stdout, stderr };
  return { kind: 'error', message: firstLine(error.message) };
}

/** The first non-empty line of a text, trimmed and capped, for messages. */
export function firstLine(text: string, max = 200): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}...` : trimmed;
}
