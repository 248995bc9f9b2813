import type { EncryptionProblem, HistoryDamaged, KeyProblem, Notice, SettingsProblem } from '../../../contract/ipc.js';
import { rulesResetWords } from './rules.js';

/**
 * The panel's words for what main reports outside an invocation: the banner's notices, a
 * settings change that did not apply, why payloads or API keys cannot be kept here. Main and the
 * core send kinds and facts (contract/notices.ts); the command words its own (app/cli).
 */

/** Where the user approves, adds or removes login items (macOS 13 and later). */
const LOGIN_ITEMS = 'System Settings > General > Login Items';

/** What macOS did with the login item that was not what was asked, and where to put it right. */
const LOGIN_ITEM_WORDS: Record<Extract<SettingsProblem, { kind: 'login-item' }>['problem'], string> = {
  'needs-approval': `macOS needs your approval before Glance opens at login: allow Glance in ${LOGIN_ITEMS}.`,
  'not-added': `macOS did not add Glance to the login items, so it will not open at login. Add it in ${LOGIN_ITEMS}.`,
  'still-opens': `macOS still opens Glance at login. Remove it in ${LOGIN_ITEMS}.`,
};

/** Where the user picks another hotkey. */
const CHOOSE_ANOTHER = "Choose another one in Glance’s settings (menu-bar icon, then Settings).";

/** The stored API keys exist but cannot be read: what happened, that nothing changes, and what to do. */
export const UNREADABLE_KEYS_WORDS =
  "Glance could not read the API keys it stored (macOS did not let it use its Keychain item, or the item changed), so it leaves them as they are and changes none now. Allow Glance when macOS asks about its Keychain, or remove api-keys.bin from Glance’s data folder to set the keys again.";

/** Why "Keep what was sent" cannot keep anything here: receipts only, never a payload in plain text. */
function payloadKeepingWords(problem: EncryptionProblem): string {
  if (problem.problem === 'no-keyring') return 'Not available here: this system has no keyring to encrypt with, so Glance keeps receipts only, never a payload in plain text.';
  return `Not available now: Glance cannot encrypt with ${problem.store === 'keychain' ? 'the Keychain' : 'a keyring'}, so it keeps receipts only, never a payload in plain text.`;
}

/** Why API keys cannot be stored or read here. */
export function keyProblemWords(problem: KeyProblem): string {
  switch (problem.problem) {
    case 'no-keyring':
      return 'No system keyring was found (Electron would keep keys in plain text), so Glance does not store API keys here. Use the offline backend or a local server without a key.';
    case 'unavailable':
      return 'The Keychain is not available, so Glance cannot store API keys now.';
    case 'unreadable':
      return UNREADABLE_KEYS_WORDS;
  }
}

/** A history file that had unreadable lines: kept whole, its readable receipts go on. */
export function historyDamagedWords(notice: HistoryDamaged): string {
  const s = notice.unreadable === 1 ? '' : 's';
  return `Glance’s history file had ${notice.unreadable} unreadable line${s}. The whole file was kept as ${notice.asidePath}, and its ${notice.readable} readable receipts go on in a new history file.`;
}

/** Why a settings change did not apply, beside its field. */
export function settingsProblemWords(problem: SettingsProblem): string {
  switch (problem.kind) {
    case 'hotkey':
      return problem.problem === 'taken'
        ? `Glance could not use the hotkey ${problem.hotkey}: another app already uses it. ${CHOOSE_ANOTHER}`
        : `Glance could not use the hotkey ${problem.hotkey}: it is not a shortcut Glance can register. ${CHOOSE_ANOTHER}`;
    case 'login-item':
      return LOGIN_ITEM_WORDS[problem.problem];
    case 'payload-keeping':
      return payloadKeepingWords(problem);
  }
}

/** A notice in the banner. */
export function noticeWords(notice: Notice): string {
  switch (notice.kind) {
    case 'hotkey':
    case 'login-item':
      return settingsProblemWords(notice);
    case 'settings-damaged': {
      const why = notice.damage.why === 'not-json' ? 'was not valid JSON' : `had unusable values (${notice.damage.fields.join(', ')})`;
      return `Your settings file ${why}, so Glance started with its default settings. The old file was kept as ${notice.asidePath}.`;
    }
    case 'history-damaged':
      return historyDamagedWords(notice);
    case 'rules-reset':
      return rulesResetWords(notice.asidePath);
  }
}
