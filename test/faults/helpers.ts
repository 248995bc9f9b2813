// Shared by the fault suites: a guard that fails a test on any unhandled rejection, leak checks
// (this process's TCP connections to a provider port, straight from the kernel's tables, and
// its live timers), a logger that keeps every line, and the secret check over all output.
import { afterEach, beforeEach, expect } from 'vitest';
import type { Logger } from '../../app/log/logger.js';
import { spawnNode, type Spawned } from '../helpers/spawn.js';
import { connectionsTo } from '../helpers/sockets.js';

export { connectionsTo };

/** Planted in titles, content, urls and attributes: none of it may appear in any output. */
export const SECRET = 'GLANCE-FAULT-SECRET-7f3a';

/**
 * Fails the running test on an unhandled rejection or an uncaught exception anywhere in this
 * process: "the host stays up" means none of either, not merely a resolved promise.
 */
export function guardProcess(): void {
  const seen: string[] = [];
  const onRejection = (reason: unknown) => seen.push(`unhandledRejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`);
  const onException = (error: Error) => seen.push(`uncaughtException: ${error.stack ?? error.message}`);
  beforeEach(() => {
    seen.length = 0;
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onException);
  });
  afterEach(async () => {
    // Let a rejection that was scheduled during the test surface before judging.
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    expect(seen).toEqual([]);
  });
}

/** How many timers this process has armed now. */
export function liveTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

/**
 * Nothing is left behind after an exchange: no connection to the provider and no timer
 * beyond those armed before it. The short wait lets a socket that is closing finish closing,
 * and shows a connection that is opened again after an abort.
 */
export async function expectNothingLeft(port: number, timersBefore: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(connectionsTo(port), `connections to port ${port}`).toBe(0);
  expect(liveTimers(), 'timers armed').toBeLessThanOrEqual(timersBefore);
}

/** A logger that keeps every line, for the leak checks. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string) => void lines.push(`${level}: ${message}`);
  return { logger: { debug: push('debug'), info: push('info'), warn: push('warn'), error: push('error') }, lines };
}

/** No secret (a token, planted answer content) in any of the texts. Reports which, not what. */
export function expectNoSecrets(secrets: readonly string[], texts: readonly string[]): void {
  for (const [i, secret] of secrets.entries()) {
    for (const [j, text] of texts.entries()) {
      if (text.includes(secret)) throw new Error(`secret #${i} appeared in output #${j}`);
    }
  }
}

/** Runs `fn` and measures it. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: Math.round(performance.now() - started) };
}

/** A running raw provider (fixtures/raw-provider.mjs). */
export interface RawProvider {
  process: Spawned;
  pid: number;
  port: number;
  instance: string;
}

/** Starts the raw provider with its knobs and waits for its ready line. */
export async function startRaw(dir: string, knobs: Record<string, string> = {}): Promise<RawProvider> {
  const spawned = spawnNode('test/faults/fixtures/raw-provider.mjs', [], { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir, RAW_SECRET: SECRET, ...knobs });
  const match = await spawned.waitFor(/raw provider ready \(pid (\d+), port (\d+), instance (\S+)\)/);
  return { process: spawned, pid: Number(match[1]), port: Number(match[2]), instance: match[3] as string };
}

/** One row of the outcome table in docs/reliability.md, printed when FAULTS_REPORT=1. */
export function report(theme: string, fault: string, outcome: string, ms: number): void {
  if (process.env['FAULTS_REPORT'] === '1') process.stdout.write(`FAULT|${theme}|${fault}|${outcome}|${ms}\n`);
}
