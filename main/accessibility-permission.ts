import type { Shell, SystemPreferences } from 'electron';
import type { AccessibilityPermissionPort } from './ports.js';

/**
 * Where System Settings shows Privacy & Security › Accessibility: the pane a user turns Glance on
 * in. Opened only from the panel's permission card, on the user's click.
 */
const ACCESSIBILITY_PANE = 'x-apple.systempreferences:com.apple.preference.security?Privacy_Accessibility';

/**
 * The Accessibility permission as the services use it (ports.ts), over Electron's two calls.
 * `isTrustedAccessibilityClient(false)` only tells, before each read: Glance asks nothing of the
 * user before they chose to read an app this way. On the user's click on the card's button,
 * `isTrustedAccessibilityClient(true)` first: only the prompting form (AXIsProcessTrustedWithOptions
 * with kAXTrustedCheckOptionPrompt) adds Glance to System Settings' Accessibility list, where the
 * user then turns it on; without it the pane opens on a list without Glance. On Linux and
 * Windows there is no such permission (AT-SPI asks none), so it is always held.
 */
export function accessibilityPermission(
  systemPreferences: Pick<SystemPreferences, 'isTrustedAccessibilityClient'>,
  shell: Pick<Shell, 'openExternal'>,
  platform: NodeJS.Platform,
): AccessibilityPermissionPort {
  const mac = platform === 'darwin';
  return {
    trusted: () => !mac || systemPreferences.isTrustedAccessibilityClient(false),
    openSettings: async () => {
      if (!mac) return false;
      // Adds Glance to the list (macOS's own prompt shows when it is not trusted yet); the pane
      // opens all the same: where the user turns it on, or removes a stale entry and adds it again.
      systemPreferences.isTrustedAccessibilityClient(true);
      await shell.openExternal(ACCESSIBILITY_PANE);
      return true;
    },
  };
}
