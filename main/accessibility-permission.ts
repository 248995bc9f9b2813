import type { Shell, SystemPreferences } from 'electron';
import type { AccessibilityPermissionPort } from './ports.js';

/**
 * Where System Settings shows Privacy & Security › Accessibility: the pane a user turns Glance on
 * in. Opened only from the panel's permission card, on the user's click.
 */
const ACCESSIBILITY_PANE = 'x-apple.systempreferences:com.apple.preference.security?Privacy_Accessibility';

/**
 * The Accessibility permission as the services use it (ports.ts), over Electron's two calls.
 * `isTrustedAccessibilityClient(false)` only tells: `true` would have macOS put up its own
 * prompt, and Glance asks nothing of the user before they chose to read an app this way. On
 * Linux and Windows there is no such permission (AT-SPI asks none), so it is always held.
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
      await shell.openExternal(ACCESSIBILITY_PANE);
      return true;
    },
  };
}
