import { listProviders } from '../../discovery/find.js';
import { coreDeps } from '../cli-deps.js';
import { loadRules } from '../data.js';
import type { RulesState } from '../../rules/store.js';
import { parseCommandLine, jsonLine } from '../args.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { capText } from '../../text/cap-text.js';
import type { CommandRun } from '../io.js';
import { runPrune } from './prune-command.js';

/**
 * `glance providers [--json] [--prune [--yes]]`: every descriptor in the folder with its
 * verdict (docs/cli.md, "glance providers"), always exit 0; with --prune, the user's stale
 * descriptors removed (prune-command.ts).
 */
export const runProviders: CommandRun = async (argv, io, deps) => {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' }, prune: { type: 'boolean' }, yes: { type: 'boolean' } }, 'providers');
  if (positionals.length > 0) throw new UsageError('providers: takes no arguments besides --json, --prune and --yes');
  if (values.prune === true) return runPrune({ json: values.json === true, yes: values.yes === true }, io, deps);
  if (values.yes === true) throw new UsageError('providers: --yes goes with --prune (it confirms removing stale descriptors)');
  const [{ folder, descriptors }, rules] = await Promise.all([listProviders(coreDeps(io, deps)), loadRules(io)]);
  if (!rules.ok) io.stderr(`glance: ${rules.notice}
`);
  const rows = descriptors.map((d) => ({
    file: d.file,
    verdict: d.verdict,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.descriptor
      ? {
        pid: d.descriptor.pid, ...(d.descriptor.helperPid !== undefined ? { helperPid: d.descriptor.helperPid } : {}),
        bundleId: d.descriptor.bundleId, name: d.descriptor.name, instance: d.descriptor.instance, endpoint: d.descriptor.endpoint,
      }
      : {}),
    ...(d.verdict === 'usable' && d.descriptor ? { rule: ruleOf(rules, d.descriptor.bundleId) } : {}),
  }));
  if (values.json === true) {
    io.stdout(jsonLine({ folder, descriptors: rows }));
    return EXIT.ok;
  }
  io.stdout(`Providers folder: ${folder.path}${folder.usable ? '' : ` (not read: ${folder.reason ?? 'unknown reason'})`}\n`);
  if (folder.usable && rows.length === 0) io.stdout('No descriptors: no provider is running as this user.\n');
  for (const row of rows) {
    // A helper's descriptor names the app's pid and the helper that serves it (docs/cli.md, "glance providers").
    const helper = row.helperPid !== undefined ? `, helper ${row.helperPid}` : '';
    const who = row.name !== undefined ? `${capText(row.name)} (${capText(row.bundleId ?? '')}, pid ${row.pid}${helper})` : '';
    io.stdout(row.verdict === 'usable' ? `  usable   ${row.file}  ${who}  ${row.endpoint}  rule: ${row.rule}\n` : `  ignored  ${row.file}  ${who ? `${who}: ` : ''}${row.reason}\n`);
  }
  return EXIT.ok;
};

/**
 * The rule a usable descriptor's app has (`providers` shows it: docs/cli.md, "glance providers");
 * `damaged` while the rules file is.
 */
function ruleOf(rules: RulesState, bundleId: string): string {
  if (!rules.ok) return 'damaged';
  return rules.rules.find((r) => r.bundleId === bundleId)?.rule ?? 'allow';
}
