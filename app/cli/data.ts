import { readHistoryDays } from '../history/days.js';
import { createHistoryStore, type HistoryStore } from '../history/store.js';
import { glanceHomePath, HomeError, openGlanceHome } from '../home/folder.js';
import { UnreadableFileError } from '../home/files.js';
import { LockTimeoutError } from '../home/lock.js';
import { createPrivacyHooks } from '../privacy/hooks.js';
import type { PrivacyHooks } from '../privacy/types.js';
import type { Destination } from '../../contract/destination.js';
import { createRulesStore, RulesDamagedError, type RulesState } from '../rules/store.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { historyDamagedWords } from './history-words.js';

/**
 * The data folder as a command uses it: `GLANCE_HOME` or the per-platform folder, shared with
 * the app (home/folder.ts). Reading commands do not create it; writing ones do.
 */

/** The data folder, opened; created only when `create`. */
export async function commandHome(io: CliIo, create: boolean): Promise<{ path: string; missing: boolean }> {
  const home = await openGlanceHome(glanceHomePath(io.env), { create });
  return { path: home.path, missing: home.missing === true };
}

/** The rules as they stand. A folder Glance cannot use fails closed, like a damaged file. */
export async function loadRules(io: CliIo): Promise<RulesState> {
  try {
    const home = await commandHome(io, false);
    return home.missing ? { ok: true, rules: [] } : await createRulesStore(home.path).load();
  } catch (error) {
    if (error instanceof HomeError) return { ok: false, notice: `${error.message}; until then Glance asks no app for context` };
    throw error;
  }
}

/** The privacy hooks of one command run: the rules are read once, for every call it makes. */
export function commandPrivacy(io: CliIo, destination: Destination, screen: boolean): PrivacyHooks {
  let rules: Promise<RulesState> | undefined;
  return createPrivacyHooks({ rules: () => (rules ??= loadRules(io)), destination: () => destination, screen });
}

/** A failure of the data folder itself (not Glance's), said in one line with what to do. */
const folderFailure = (error: unknown): error is Error => error instanceof HomeError || error instanceof LockTimeoutError || error instanceof UnreadableFileError;

/**
 * Runs a command that changes the data folder; what stops it there (a damaged rules file, a
 * folder of another user's, a lock held too long, a file that is not one to read) is one line
 * on stderr and exit 9 or 1.
 */
export async function withDataFolder(io: CliIo, run: (home: string) => Promise<number>): Promise<number> {
  return reportingFolderFailures(io, async () => run((await commandHome(io, true)).path));
}

/** Runs a command over the data folder; what stops it there is one line on stderr and exit 9 or 1, as withDataFolder. */
export async function reportingFolderFailures(io: CliIo, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RulesDamagedError) {
      io.stderr(`glance: ${error.message}\n`);
      return EXIT.ruledOut;
    }
    if (folderFailure(error)) {
      io.stderr(`glance: ${error.message}\n`);
      return EXIT.unexpected;
    }
    throw error;
  }
}

/**
 * Deletes receipts older than the settings' days, as every `glance ask` run does (docs/privacy.md,
 * "What is stored"), whether or not it then sends context. Cheap: the oldest receipt is on the
 * first line, and a folder that does not exist is not created for this. A folder Glance cannot
 * use is said on stderr and the run goes on: a receipt it then needs fails on its own.
 */
export async function pruneHistory(io: CliIo): Promise<void> {
  try {
    const home = await commandHome(io, false);
    if (home.missing) return;
    const { notices } = await createHistoryStore({ home: home.path }).pruneIfDue(await readHistoryDays(home.path));
    for (const notice of notices) io.stderr(`glance: ${historyDamagedWords(notice)}\n`);
  } catch (error) {
    if (!folderFailure(error)) throw error;
    io.stderr(`glance: note: old receipts were not pruned: ${error.message}\n`);
  }
}

/**
 * The history `ask` records its receipts in, opened on its first request (pruneHistory already
 * ran): a run that sends no context never creates the data folder. The command keeps no payloads.
 */
export function commandHistory(io: CliIo): () => Promise<HistoryStore> {
  let opened: Promise<HistoryStore> | undefined;
  const open = async (): Promise<HistoryStore> => createHistoryStore({ home: (await commandHome(io, true)).path });
  return () => (opened ??= open());
}
