import type { FrontApp } from '../os/types.js';
import { listProviders } from '../discovery/find.js';
import { notRunning } from '../invocation/collect.js';
import { capText } from '../text/cap-text.js';
import { parsePid } from './args.js';
import { UsageError } from './exit-codes.js';
import { describeMatches, findApp } from './find-app.js';
import type { CliDeps, CliIo } from './io.js';

/** Which app a command is about, as its command line says: a process id, an app's bundle id or name, or neither (the front app). */
export interface AppChoice {
  command: string;
  pid?: number;
  app?: string;
}

/** The longest --app value: a bundle id's limit (255 characters). */
const MAX_APP_LENGTH = 255;

/** --pid N and --app NAME|BUNDLE-ID, checked: at most one of them. */
export function parseAppChoice(values: { pid?: string | undefined; app?: string | undefined }, command: string): AppChoice {
  const pid = parsePid(values.pid, command);
  const app = values.app;
  if (pid !== undefined && app !== undefined) throw new UsageError(`${command}: give --pid N or --app NAME, not both`);
  // eslint-disable-next-line no-control-regex -- a control character is exactly what is refused
  if (app !== undefined && (app.trim() === '' || app.length > MAX_APP_LENGTH || /[\u0000-\u001f\u007f]/.test(app))) {
    throw new UsageError(`${command}: --app takes an app's bundle id or name (1 to ${MAX_APP_LENGTH} characters, no control characters)`);
  }
  return { command, ...(pid !== undefined ? { pid } : {}), ...(app !== undefined ? { app } : {}) };
}

/**
 * The app a command is about: the process named with --pid, the one process of the app named
 * with --app (several are a usage error listing them, exit 2; none is told, exit 3), or the front
 * app as the OS reports it. Where there is none, the reason is on stderr and the result undefined.
 * A --pid that is not running is that reason too, unless `mustRun` is false (`ask` answers
 * without context then, and says why in its answer).
 */
export async function resolveApp(choice: AppChoice, io: CliIo, deps: CliDeps, options = { mustRun: true }): Promise<FrontApp | undefined> {
  if (choice.pid !== undefined) {
    if (!options.mustRun || (await deps.os.isAlive(choice.pid))) return { pid: choice.pid };
    // A descriptor left behind for it is judged as any other: its verdict ("a stale file left by
    // a crash", which --prune removes) tells the user more than that the process is gone.
    if (await namedByDescriptor(choice.pid, io, deps)) return { pid: choice.pid };
    // Otherwise said the same way by every command.
    io.stderr(`glance: ${notRunning(choice.pid)}; \`glance providers\` lists the apps with a provider.\n`);
    return undefined;
  }
  if (choice.app !== undefined) {
    const found = await findApp(choice.app, { os: deps.os, env: io.env });
    if (found.kind === 'found') return found.app;
    if (found.kind === 'ambiguous') {
      throw new UsageError(`${choice.command}: --app "${capText(choice.app)}" matches ${found.matches.length} running processes: ${describeMatches(found.matches)}; name one with --pid N`);
    }
    io.stderr(`glance: ${found.reason}. \`glance providers\` lists the apps with a provider; --pid N names any process.\n`);
    return undefined;
  }
  const front = await deps.os.frontApp();
  if (front.ok) return front.app;
  // The OS services' reasons already end with the advice to pass --pid.
  io.stderr(`glance: ${front.reason}\n`);
  return undefined;
}

/** Whether a file in the providers folder names this process id (only read on the error path: it judges every file). */
async function namedByDescriptor(pid: number, io: CliIo, deps: CliDeps): Promise<boolean> {
  const { descriptors } = await listProviders({ os: deps.os, env: io.env });
  return descriptors.some((d) => d.descriptor?.pid === pid);
}
