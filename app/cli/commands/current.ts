import { isAccessibilityRead } from '../../accessibility/types.js';
import { collectForCommand, refusalLine } from '../accessibility.js';
import { completeCliDeps, coreDeps } from '../cli-deps.js';
import { commandPrivacy } from '../data.js';
import { parseCommandLine, parseTimeout, jsonLine } from '../args.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { capText } from '../../text/cap-text.js';
import { formatTree } from '../format-tree.js';
import { parseAppChoice, resolveApp } from '../front-app.js';
import type { CommandRun } from '../io.js';

/**
 * `glance current [--pid N | --app NAME] [--accessibility] [--timeout MS] [--json]`: the front app's context
 * (docs/cli.md, "glance current"), from its provider, or through Accessibility for an app
 * without one when the user consented (the flag, or a stored `always`).
 */
export const runCurrent: CommandRun = async (argv, io, given) => {
  const deps = completeCliDeps(io, given);
  const { values, positionals } = parseCommandLine(argv, { pid: { type: 'string' }, app: { type: 'string' }, accessibility: { type: 'boolean' }, timeout: { type: 'string' }, json: { type: 'boolean' } }, 'current');
  if (positionals.length > 0) throw new UsageError('current: takes no arguments besides --pid, --app, --accessibility, --timeout and --json');
  const timeoutMs = parseTimeout(values.timeout, 'current');
  const app = await resolveApp(parseAppChoice(values, 'current'), io, deps);
  if (!app) return EXIT.noProvider;
  // The user's rules apply (app/privacy); what `current` prints stays on this machine.
  const privacy = commandPrivacy(io, { kind: 'show' }, false);
  const { collection, close } = await collectForCommand(app, { ...coreDeps(io, deps), privacy }, { timeoutMs }, io, values.accessibility === true);
  await close();
  if (isAccessibilityRead(collection)) {
    const answer = JSON.parse(deps.secrets.redact(JSON.stringify(collection.answer))) as typeof collection.answer;
    const { bundleId, name, pid } = collection.identity;
    if (values.json === true) {
      io.stdout(jsonLine({ source: 'accessibility', app: { name, bundleId, pid }, answer, warnings: collection.warnings }));
    } else {
      io.stdout(`${capText(name)} (${capText(bundleId)}, pid ${pid}), read through Accessibility: it does not share context itself\n`);
      for (const row of formatTree(answer.root)) io.stdout(`${row}\n`);
      for (const warning of collection.warnings) io.stdout(`warning: ${warning}\n`);
    }
    return EXIT.ok;
  }
  switch (collection.kind) {
    case 'collected': {
      const { protocol: _protocol, ...provider } = collection.provider;
      // Every token Glance has read, this provider's or another's, is blanked before the tree is
      // printed (the outline shortens long texts, which would leave part of one standing).
      const answer = JSON.parse(deps.secrets.redact(JSON.stringify(collection.answer))) as typeof collection.answer;
      for (const line of collection.ignored) io.stderr(`glance: note: ${line}\n`);
      if (values.json === true) {
        io.stdout(jsonLine({ source: collection.source.kind, provider, answer, warnings: collection.warnings }));
      } else {
        io.stdout(`${capText(provider.name)} ${capText(provider.version)} (${capText(provider.bundleId)}, pid ${provider.pid}, instance ${provider.instance})\n`);
        for (const row of formatTree(answer.root)) io.stdout(`${row}\n`);
        for (const warning of collection.warnings) io.stdout(`warning: ${warning}\n`);
      }
      return EXIT.ok;
    }
    case 'no-provider':
      io.stderr(`glance: ${collection.reason}. Start the app's provider, or check \`glance providers\`.\n`);
      return EXIT.noProvider;
    case 'no-consent':
    case 'unreadable': {
      const { line, exit } = refusalLine(collection);
      io.stderr(`glance: ${line}\n`);
      return exit;
    }
    case 'ignored':
      for (const reason of collection.reasons) io.stderr(`glance: ${reason}\n`);
      return EXIT.noProvider;
    case 'no-answer':
      io.stderr(`glance: ${collection.reason}; no context was collected. ${collection.timedOut ? 'Try again, or raise --timeout.' : `\`glance check-provider --pid ${collection.provider.pid}\` shows what is wrong with the provider.`}\n`);
      return EXIT.noAnswer;
    case 'refused':
      io.stderr(`glance: ${collection.reason}; no context was collected. \`glance check-provider --pid ${collection.provider.pid}\` shows the provider's developer what is wrong.\n`);
      return EXIT.refused;
    case 'ruled-out':
      io.stderr(`glance: ${collection.reason}\n`);
      return EXIT.ruledOut;
    case 'cancelled':
      io.stderr('glance: cancelled\n');
      return EXIT.noAnswer;
  }
};
