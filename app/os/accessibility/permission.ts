/**
 * macOS's Accessibility permission, as each front end holds it, and its words.
 * - The app asks the system (Electron's systemPreferences.isTrustedAccessibilityClient(false),
 *   main's port) before each call: without the permission no helper is started and the answer
 *   is `no-permission` at once. When the system says the permission is held and the helper
 *   still answers `no-permission`, the entry in System Settings belongs to another build of
 *   Glance (an ad-hoc-signed build has a new identity after each rebuild or update): the user is
 *   told to remove Glance from the list and add it again.
 * - The command has no such question to ask: its helper's own check answers, and the permission
 *   is the terminal's (macOS attributes a process to the app it runs in), so its words name the
 *   terminal, not Glance.
 */
import { failure, PERMISSION } from './reasons.js';
import type { AccessibilityReader, AxFailure } from './types.js';

/** The system lists Glance as allowed, yet the helper is refused: the entry is another build's. */
export const STALE_PERMISSION =
  'macOS lists Glance as allowed under Accessibility, but refuses this build of it (a rebuilt or updated Glance is a new app to macOS): in System Settings › Privacy & Security › Accessibility, remove Glance with the minus button, add it again, then try again.';

/** The command runs with its terminal's permission. */
export const TERMINAL_PERMISSION =
  'The terminal running `glance` does not have the Accessibility permission (macOS gives a command its terminal app\'s): allow that terminal app in System Settings › Privacy & Security › Accessibility, then run the command again.';

/** `reader`, whose `no-permission` answers say `sentence` instead. */
export function withPermissionWords(reader: AccessibilityReader, sentence: string): AccessibilityReader {
  const reword = <T extends { ok: boolean }>(result: T | AxFailure): T | AxFailure =>
    !result.ok && 'code' in result && result.code === 'no-permission' ? failure('no-permission', sentence) : result;
  return {
    read: async (pid, options) => reword(await reader.read(pid, options)),
    locate: async (pid, previous, options) => reword(await reader.locate(pid, previous, options)),
    close: () => reader.close(),
  };
}

/** `reader`, asked only while `trusted()` says the permission is held; refused by the helper all the same, a stale entry. */
export function behindPermission(reader: AccessibilityReader, trusted: () => boolean): AccessibilityReader {
  const refused = failure('no-permission', PERMISSION);
  const stale = withPermissionWords(reader, STALE_PERMISSION);
  return {
    read: async (pid, options) => (trusted() ? stale.read(pid, options) : refused),
    locate: async (pid, previous, options) => (trusted() ? stale.locate(pid, previous, options) : refused),
    close: () => reader.close(),
  };
}
