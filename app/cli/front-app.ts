import type { FrontApp } from '../os/types.js';
import type { CliDeps, CliIo } from './io.js';

/**
 * The app a command is about: the process named with --pid, or the front app as the OS
 * reports it. Where the OS cannot tell, the user is told to name the process (exit 3).
 */
export async function resolveApp(pid: number | undefined, io: CliIo, deps: CliDeps): Promise<FrontApp | undefined> {
  if (pid !== undefined) return { pid };
  const front = await deps.os.frontApp();
  if (front.ok) return front.app;
  // The OS services' reasons already end with the advice to pass --pid.
  io.stderr(`glance: ${front.reason}\n`);
  return undefined;
}
