import { OFFLINE_ENDPOINT } from '../../../contract/backends.js';
import { endpointPlace } from '../../../contract/destination.js';
import { outcomeSucceeded, outcomeWords } from '../../../contract/privacy.js';
import { readHistoryDays } from '../../history/days.js';
import type { Receipt } from '../../history/schema.js';
import type { SourceKind } from '../../../contract/sources.js';
import { createHistoryStore, type HistoryStore } from '../../history/store.js';
import { capText } from '../../text/cap-text.js';
import { jsonLine, parseCommandLine } from '../args.js';
import { confirmRemoval } from '../confirm.js';
import { commandHome, reportingFolderFailures, withDataFolder } from '../data.js';
import { EXIT, UsageError } from '../exit-codes.js';
import type { CliIo, CommandRun } from '../io.js';
import { historyDamagedWords } from '../history-words.js';

/** Receipts as `glance history` reads them: pruned to the days the settings keep, notices on stderr. */
async function readable(io: CliIo, home: string): Promise<{ store: HistoryStore; days: number }> {
  const store = createHistoryStore({ home });
  const days = await readHistoryDays(home);
  const { notices } = await store.prune(days);
  for (const notice of notices) io.stderr(`glance: ${historyDamagedWords(notice)}\n`);
  return { store, days };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Where the question went: the exact origin (a script may need it), and "this machine" when it never left it. */
function destination(r: Receipt): string {
  if (r.endpoint === OFFLINE_ENDPOINT) return 'the offline backend (no model), on this machine';
  const local = endpointPlace(r.backend, r.endpoint).kind === 'this-mac' ? ', on this machine' : '';
  return `${r.backend}${r.model !== null ? `, model ${capText(r.model)}` : ''}, at ${r.endpoint}${local}`;
}

/** When, in the user's local time with its offset ("2026-12-02 16:05:09 +01:00"): `--json` keeps the UTC time as written. */
function localTime(at: string): string {
  const date = new Date(at);
  const two = (n: number): string => String(n).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())} ${zone}`;
}

/** A request that failed was attempted, not answered: it says so, and what came back. */
function failed(r: Receipt): boolean {
  return r.outcome !== undefined && !outcomeSucceeded(r.outcome);
}

/** How each source is said in a receipt's summary line and its details: a provider, the usual source, is not named. */
const SOURCE_WORDS: Record<SourceKind, { summary: string; details: string[] }> = {
  provider: { summary: '', details: [] },
  accessibility: { summary: ', read through Accessibility', details: ['  read      through Accessibility: the app does not share context itself'] },
};

/** A request that never left Glance: no connection was made, so nothing was sent. */
function notSent(r: Receipt): boolean {
  return r.outcome !== undefined && 'failure' in r.outcome && r.outcome.failure === 'unreachable';
}

/** How the elements went: with the question; attempted, and what came back; or not sent at all. */
function went(r: Receipt): string {
  const elements = plural(r.sentIds.length, 'element');
  if (notSent(r) && r.outcome) return `${elements} not sent: ${outcomeWords(r.outcome)}`;
  if (failed(r) && r.outcome) return `${elements} attempted, ${outcomeWords(r.outcome)} came back`;
  return `${elements} went with the question`;
}

function summary(r: Receipt): string {
  const counts = [went(r), `${r.excludedIds.length} left out`, `${r.withheld.length} withheld`, plural(r.bytes, 'byte')].join(', ');
  const through = r.source ? SOURCE_WORDS[r.source].summary : '';
  return `${localTime(r.at)}  ${capText(r.app.name)} (${capText(r.app.bundleId)}, pid ${r.app.pid}${through}) to ${destination(r)}: ${counts}  [${r.id}]`;
}

/** The outcome line of `history show`. */
function outcomeLine(r: Receipt): string {
  if (r.endpoint === OFFLINE_ENDPOINT) return 'answered on this machine: nothing left Glance';
  if (r.outcome === undefined) return 'not recorded';
  if (notSent(r)) return `not sent: ${outcomeWords(r.outcome)}`;
  return failed(r) ? `failed: attempted, ${outcomeWords(r.outcome)} came back` : `answered (${outcomeWords(r.outcome)})`;
}

function details(r: Receipt): string[] {
  const ids = (list: string[]): string => (list.length === 0 ? 'none' : list.join(', '));
  return [
    `Receipt ${r.id}`,
    `  at        ${localTime(r.at)}`,
    `  app       ${capText(r.app.name)} (${capText(r.app.bundleId)}, pid ${r.app.pid})`,
    ...(r.source ? SOURCE_WORDS[r.source].details : []),
    `  asked     ${destination(r)}`,
    `  outcome   ${outcomeLine(r)}`,
    `  ${notSent(r) ? 'not sent ' : failed(r) ? 'attempted' : 'went     '} ${plural(r.sentIds.length, 'element')}: ${ids(r.sentIds)}`,
    `  left out  ${ids(r.excludedIds)}`,
    `  withheld  ${r.withheld.length === 0 ? 'none' : r.withheld.map((w) => `${w.id} (${w.kind})`).join(', ')}`,
    `  body      ${plural(r.bytes, 'byte')}, SHA-256 ${r.sha256}`,
    // Kept with the payload, encrypted with the app's Keychain key, which the command does not hold.
    ...(r.answer === 'kept' ? ["  answer    kept, encrypted by the app: read it in the app's History (Settings, Privacy)"] : []),
  ];
}

function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,6}$/.test(value)) throw new UsageError(`history: --limit takes a positive whole number, not "${value.slice(0, 20)}"`);
  return Number(value);
}

async function list(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' }, limit: { type: 'string' } }, 'history');
  if (positionals.length > 0) throw new UsageError(`history: "${(positionals[0] ?? '').slice(0, 40)}" is not a history command; the usage is glance history [--json] [--limit N] | history show ID [--json] | history clear [--yes]`);
  const limit = parseLimit(values.limit);
  const home = await commandHome(io, false);
  const { store, days } = home.missing ? { store: undefined, days: 0 } : await readable(io, home.path);
  const receipts = store ? (await store.list(limit !== undefined ? { limit } : {})).receipts : [];
  if (values.json === true) io.stdout(jsonLine(receipts));
  else if (receipts.length === 0) io.stdout(`No receipts: nothing with context was sent to a model${days > 0 ? ` in the last ${plural(days, 'day')}` : ''}.\n`);
  else for (const r of receipts) io.stdout(`${summary(r)}\n`);
  return EXIT.ok;
}

async function show(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } }, 'history show');
  const [id, ...rest] = positionals;
  if (id === undefined || rest.length > 0) throw new UsageError('history show: give one receipt id (`glance history` lists them)');
  const home = await commandHome(io, false);
  const receipt = home.missing ? undefined : await (await readable(io, home.path)).store.get(id);
  if (!receipt) throw new UsageError(`history show: no receipt has the id "${id.slice(0, 40)}"; \`glance history\` lists them`);
  if (values.json === true) io.stdout(jsonLine(receipt));
  else for (const line of details(receipt)) io.stdout(`${line}\n`);
  return EXIT.ok;
}

async function clear(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { yes: { type: 'boolean' }, json: { type: 'boolean' } }, 'history clear');
  if (positionals.length > 0) throw new UsageError('history clear: takes only --yes and --json');
  const asked = await confirmRemoval(io, values.yes === true, { command: 'history clear', question: 'Remove every receipt of the history?', nothing: 'nothing was removed' });
  if (asked !== 'go') return asked;
  return withDataFolder(io, async (home) => {
    const { removed } = await createHistoryStore({ home }).clear();
    io.stdout(values.json === true ? jsonLine({ removed }) : `${plural(removed, 'receipt')} and every kept payload removed.\n`);
    return EXIT.ok;
  });
}

/** `glance history ...` (docs/cli.md, "History: a receipt for every send"). */
export const runHistory: CommandRun = async (argv, io) => {
  const [first, ...rest] = argv;
  if (first === 'show') return reportingFolderFailures(io, () => show(rest, io));
  if (first === 'clear') return clear(rest, io);
  return reportingFolderFailures(io, () => list(argv, io));
};
