/**
 * The apps Glance does not read through Accessibility unless the user says so: password
 * managers. Their windows hold passwords, one-time codes and recovery keys in plain text fields
 * (a revealed password is no longer a secure field), so an accessibility read of one would carry
 * exactly what the secret scan exists to keep out. With nothing stored for such an app its
 * consent is `never` (app/rules/consent.ts); the user's own stored choice still wins
 * (`glance rules accessibility ID always`), as docs/privacy.md says.
 *
 * Each is named as the OS names the app: on macOS its bundle id, checked against the apps'
 * signed bundles as listed by other tools that leave password managers out (screen recorders,
 * clipboard managers); on Linux its desktop id (what a launcher started it as) or, without
 * one, its executable's name. Compared without regard to case, as macOS compares bundle ids.
 */
const PASSWORD_MANAGERS: readonly string[] = [
  // 1Password 8, then 1Password 7, 6 (direct) and the Mac App Store's 1Password 7.
  'com.1password.1password', 'com.agilebits.onepassword7', 'com.agilebits.onepassword4', 'com.agilebits.onepassword-osx',
  // Bitwarden: the Mac app and Linux's Flatpak share the id; its .deb, .rpm, AppImage and Snap run `bitwarden`.
  'com.bitwarden.desktop', 'bitwarden',
  // Dashlane: today's Mac app (built from its iOS app) and the older desktop app.
  'com.dashlane.dashlanephonefinal', 'com.dashlane.Dashlane',
  // Apple's Keychain Access and the Passwords app (macOS 15).
  'com.apple.keychainaccess', 'com.apple.Passwords',
  // KeePassXC: the Mac bundle and Linux's desktop id are the same words in another case; its executable.
  'org.keepassxc.KeePassXC', 'keepassxc',
  // 1Password on Linux runs `1password` from its own desktop file of that name.
  '1password',
  // GNOME's Passwords and Keys (Seahorse), Linux's counterpart of Keychain Access.
  'org.gnome.seahorse.Application', 'seahorse',
];

const KNOWN = new Set(PASSWORD_MANAGERS.map((id) => id.toLowerCase()));

/** True when `bundleId` names a password manager Glance leaves unread by default. */
export function isPasswordManager(bundleId: string): boolean {
  return KNOWN.has(bundleId.toLowerCase());
}
