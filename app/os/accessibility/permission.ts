/**
 * The reader behind macOS's Accessibility permission, as the app holds it: the app asks the
 * system (Electron's systemPreferences.isTrustedAccessibilityClient(false), main's port) before
 * each call, and without the permission no helper is started and the answer is `no-permission`
 * at once, the same code and sentence the helper gives when AXIsProcessTrusted says no. The
 * command has no such question to ask: its helper's own check answers.
 */
import { failure, PERMISSION } from './reasons.js';
import type { AccessibilityReader } from './types.js';

/** `reader`, asked only while `trusted()` says the permission is held. */
export function behindPermission(reader: AccessibilityReader, trusted: () => boolean): AccessibilityReader {
  const refused = failure('no-permission', PERMISSION);
  return {
    read: async (pid, options) => (trusted() ? reader.read(pid, options) : refused),
    locate: async (pid, previous, options) => (trusted() ? reader.locate(pid, previous, options) : refused),
    close: () => reader.close(),
  };
}
