/**
 * The front app on macOS: get-windows' own helper (a Swift binary), run by us rather than by
 * get-windows. In the packaged app get-windows computes the helper's path inside app.asar, and
 * only Electron's asar-aware execFile can run a path there; Electron installs that wrapper only
 * when child_process is first loaded through CommonJS, which ESM never does (spawn ENOTDIR), and
 * get-windows sets no time limit. So the path moves to app.asar.unpacked, where
 * electron-builder.yml unpacks the helper, and it runs through runTool with the OS tools' limit.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { firstLine, runTool } from '@app-context/provider-kit/platform';
import type { ActiveWindowInfo, FrontAppSource } from './front-app.js';
import { parseJsonAs } from './parse-json.js';
import { unpackedBesideSingleExecutable } from './single-executable.js';

/**
 * The options get-windows passes for `{ accessibilityPermission: false,
 * screenRecordingPermission: false }` (its lib/macos.js): no macOS permission is asked, and the
 * window title comes back empty, which Glance does not need.
 */
export const NO_PERMISSION_ARGS = ['--no-accessibility-permission', '--no-screen-recording-permission'] as const;

/** Where get-windows keeps its helper: `main` beside its lib folder, as its lib/macos.js computes it. */
export function getWindowsHelperPath(): string {
  // The single executable `glance` has no node_modules: it runs the app's unpacked copy.
  const shipped = unpackedBesideSingleExecutable('node_modules/get-windows/main');
  if (shipped !== undefined) return shipped;
  // The package's entry (index.js) sits in the same folder as lib/ and main.
  return join(dirname(createRequire(import.meta.url).resolve('get-windows')), 'main');
}

/** A path inside an asar archive, moved to the folder its unpacked files are in (`x.asar` -> `x.asar.unpacked`). */
export function unpackedPath(path: string): string {
  return path.replace(/\.asar(?=[\\/])/, '.asar.unpacked');
}

/**
 * What the helper prints: one window as JSON, or `null` when no app with a window is active.
 * Only the owner is read; the title, bounds and path are dropped here.
 */
const HelperAnswerSchema = z
  .object({ owner: z.object({ processId: z.number(), name: z.string().optional(), bundleId: z.string().optional() }) })
  .nullable();

/** What running the helper needs. */
export interface HelperOptions {
  /** The helper as get-windows computes it; getWindowsHelperPath() by default. */
  path?: string;
  /** The OS tools' time limit: the helper is killed past it. */
  timeoutMs: number;
}

/** A front-app source that runs get-windows' helper from outside the archive, within the time limit. */
export function getWindowsHelperSource(options: HelperOptions): FrontAppSource {
  return async (): Promise<ActiveWindowInfo | null> => {
    const binary = unpackedPath(options.path ?? getWindowsHelperPath());
    const run = await runTool(binary, NO_PERMISSION_ARGS, { timeoutMs: options.timeoutMs, maxBuffer: 256 * 1024 });
    // Each failure is thrown as a short cause: readFrontApp turns it into "cannot tell" with it.
    switch (run.kind) {
      case 'timeout':
        throw new Error(`get-windows' helper did not answer within ${options.timeoutMs} ms`);
      case 'missing':
        throw new Error("get-windows' helper is missing from the app (it should be unpacked from app.asar)");
      case 'error':
        throw new Error(`get-windows' helper could not run (${run.message})`);
      case 'exit': {
        // With the no-permission options it asks for nothing; its messages go to stdout.
        const said = firstLine(run.stdout || run.stderr);
        throw new Error(`get-windows' helper failed (exit ${run.code})${said === '' ? '' : `: ${said}`}`);
      }
      case 'ok':
        return parseAnswer(run.stdout);
    }
  };
}

function parseAnswer(stdout: string): ActiveWindowInfo | null {
  const parsed = parseJsonAs(HelperAnswerSchema, stdout);
  if (!parsed.success) throw new Error("get-windows' helper gave an answer Glance cannot read");
  return parsed.data;
}
