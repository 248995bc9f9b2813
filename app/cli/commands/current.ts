import { collectForCommand, refusalLine } from '../accessibility.js';
import { completeCliDeps, coreDeps } from '../cli-deps.js';
import { commandPrivacy } from '../data.js';
import { parseCommandLine, parseTimeout, jsonLine } from '../args.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { capText } from '../../text/cap-text.js';
import { formatTree } from '../format-tree.js';
import { parseAppChoice, resolveApp } from '../front-app.js';
import type { CliIo, CommandRun } from '../io.js';
import { bySource } from '../../sources/by-source.js';
import type { Collected } from '../../sources/types.js';

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
  switch (collection.kind) {
    case 'collected': {
      // Every token Glance has read, this provider's or another's, is blanked before the tree is
      // printed (the outline shortens long texts, which would leave part of one standing).
      const redact = (answer: Collected['answer']): Collected['answer'] => JSON.parse(deps.secrets.redact(JSON.stringify(answer))) as Collected['answer'];
      const json = values.json === true;
      bySource(collection, {
        provider: (collected) => printProvider(collected, redact(collected.answer), json, io),
        accessibility: (read) => printRead(read, redact(read.answer), json, io),
      });
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

/** A provider's answer: the descriptor's facts and the tree, or the JSON line with them. */
function printProvider(collection: Collected<'provider'>, answer: Collected['answer'], json: boolean, io: CliIo): void {
  const { protocol: _protocol, ...provider } = collection.provider;
  for (const line of collection.ignored) io.stderr(`glance: note: ${line}\n`);
  if (json) {
    io.stdout(jsonLine({ source: collection.source.kind, provider, answer, warnings: collection.warnings }));
    return;
  }
  io.stdout(`${capText(provider.name)} ${capText(provider.version)} (${capText(provider.bundleId)}, pid ${provider.pid}, instance ${provider.instance})\n`);
  for (const row of formatTree(answer.root)) io.stdout(`${row}\n`);
  for (const warning of collection.warnings) io.stdout(`warning: ${warning}\n`);
}

/** An app read through Accessibility: who the OS says it is and the tree, or the JSON line with them. */
function printRead(read: Collected<'accessibility'>, answer: Collected['answer'], json: boolean, io: CliIo): void {
  const { bundleId, name, pid } = read.identity;
  if (json) {
    io.stdout(jsonLine({ source: read.source.kind, app: { name, bundleId, pid }, answer, warnings: read.warnings }));
    return;
  }
  io.stdout(`${capText(name)} (${capText(bundleId)}, pid ${pid}), read through Accessibility: it does not share context itself\n`);
  for (const row of formatTree(answer.root)) io.stdout(`${row}\n`);
  for (const warning of read.warnings) io.stdout(`warning: ${warning}\n`);
}
