/**
 * The macOS side of the Electron tests: which app is in front (Launch Services' `lsappinfo`,
 * which needs no permission), and Calculator as "the user's app" (it always opens a window).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const run = promisify(execFile);
const LSAPPINFO = '/usr/bin/lsappinfo';

/** The front app's pid and bundle id, as Launch Services reports them. */
async function frontApp(): Promise<{ pid: number; bundleId: string }> {
  const asn = (await run(LSAPPINFO, ['front'])).stdout.trim();
  const [pidLine, bundleLine] = await Promise.all(['pid', 'bundleid'].map(async (key) => (await run(LSAPPINFO, ['info', '-only', key, asn])).stdout));
  const pid = Number(/"pid"\s*=\s*(\d+)/.exec(pidLine ?? '')?.[1] ?? -1);
  const bundleId = /"CFBundleIdentifier"\s*=\s*"([^"]*)"/.exec(bundleLine ?? '')?.[1] ?? '';
  return { pid, bundleId };
}

/** Waits until the front app matches, or fails saying which app is in front instead. */
export async function waitForFront(matches: (front: { pid: number; bundleId: string }) => boolean, what: string): Promise<void> {
  await expect.poll(async () => matches(await frontApp()), { timeout: 10_000, message: `${what} should be in front (lsappinfo front)` }).toBe(true);
}

const CALCULATOR = 'com.apple.calculator';

/** Opens Calculator, waits until it is in front, and returns how to quit it. */
export async function openCalculator(): Promise<{ pid: number; quit: () => Promise<void> }> {
  await run('/usr/bin/open', ['-b', CALCULATOR]);
  await waitForFront((front) => front.bundleId === CALCULATOR, 'Calculator');
  const { pid } = await frontApp();
  return {
    pid,
    quit: async () => {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/** True when Calculator is the front app. */
export function isCalculator(front: { bundleId: string }): boolean {
  return front.bundleId === CALCULATOR;
}

/** Opens an app bundle again, as a double-click in Finder does (macOS sends the running app `activate`). */
export async function reopen(appBundle: string): Promise<void> {
  await run('/usr/bin/open', ['-a', appBundle]);
}
