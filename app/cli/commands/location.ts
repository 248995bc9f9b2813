import { isValidId, type Location } from '@app-context/provider-kit/protocol';
import { locateRef } from '../../invocation/locate.js';
import { coreDeps } from '../cli-deps.js';
import { commandPrivacy } from '../data.js';
import { parseCommandLine, parseTimeout, jsonLine } from '../args.js';
import { parseAppChoice, resolveApp } from '../front-app.js';
import { onlyInstance } from '../only-instance.js';
import { EXIT, UsageError } from '../exit-codes.js';
import type { CommandRun } from '../io.js';

/**
 * `glance location ID --pid N|--app NAME [--instance I] [--timeout MS] [--json]`: where that element is now
 * (docs/cli.md, "glance location").
 */
export const runLocation: CommandRun = async (argv, io, deps) => {
  const { values, positionals } = parseCommandLine(
    argv,
    { pid: { type: 'string' }, app: { type: 'string' }, instance: { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean' } },
    'location',
    true,
  );
  const [id, ...rest] = positionals;
  if (id === undefined || rest.length > 0) throw new UsageError('location: give exactly one element id: glance location ID --pid N');
  if (!isValidId(id)) throw new UsageError('location: an id is 1 to 128 letters, digits, hyphens and underscores');
  const choice = parseAppChoice(values, 'location');
  if (choice.pid === undefined && choice.app === undefined) throw new UsageError('location: --pid N is required, or --app NAME: the app that issued the id');
  if (values.instance !== undefined && !isValidId(values.instance)) throw new UsageError('location: --instance takes the instance that issued the id (1 to 128 letters, digits, hyphens and underscores)');
  const timeoutMs = parseTimeout(values.timeout, 'location');
  // A process that is not running has no element anywhere: `gone`, exit 0 (docs/cli.md, "glance location").
  const app = await resolveApp(choice, io, deps, { mustRun: false });
  if (app === undefined) return EXIT.noProvider;
  const pid = app.pid;
  const instance = values.instance ?? (await onlyInstance(pid, io, deps));
  if (instance === undefined) return EXIT.noProvider;

  const privacy = commandPrivacy(io, { kind: 'show' }, false);
  const result = await locateRef({ pid, instance, id }, { ...coreDeps(io, deps), privacy }, { timeoutMs });
  if (result.ok) {
    io.stdout(values.json === true ? jsonLine(result.location) : `${describeLocation(result.location)}\n`);
    return EXIT.ok;
  }
  io.stderr(`glance: ${result.reason}\n`);
  switch (result.kind) {
    case 'ignored':
      return EXIT.noProvider;
    case 'ruled-out':
      return EXIT.ruledOut;
    case 'error':
    case 'not-offered':
      return EXIT.locationError;
    case 'refused':
      return EXIT.refused;
    default:
      return EXIT.noAnswer;
  }
};

/** "visible: 2 rects in window 42: (10, 20) 100×18; (10, 40) 60×18". */
export function describeLocation(location: Location): string {
  const rects = location.rects.map((r) => `(${r.x}, ${r.y}) ${r.w}×${r.h}`).join('; ');
  const where = location.window !== undefined ? ` in window ${location.window}` : '';
  const count = `${location.rects.length} rect${location.rects.length === 1 ? '' : 's'}`;
  return `${location.state}: ${count}${where}${rects ? `: ${rects}` : ''}`;
}
