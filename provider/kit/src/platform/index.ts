/**
 * The platform rules a host and a provider must compute alike, or the host ignores the
 * provider: where the providers folder is, and which bundle identifier the operating system
 * reports for a process (macOS: Launch Services or the enclosing .app; Linux: the Flatpak id,
 * the desktop file GLib launched the process from, or the executable's name), and whether a
 * helper process descends from its app. Glance's host
 * imports these same functions (`@app-context/provider-kit/platform`), so the two sides
 * cannot drift apart. Node only: these read /proc and run system tools.
 */
export * from './folder.js';
export * from './bundle-id-linux.js';
export * from './bundle-id-darwin.js';
export * from './run-tool.js';
export * from './process-info.js';
