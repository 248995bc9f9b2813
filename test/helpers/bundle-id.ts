import { nodeFor } from './node-app.js';
import { spawnProcess, type Spawned } from './spawn.js';

/**
 * Runs `node script` as an app with the given bundle id, the way Linux names one (docs/protocol.md,
 * "Bundle identifiers"): the desktop file GLib launched this very process from. `sh` sets the two
 * variables with its own pid and then becomes node (exec keeps the pid), so the OS services
 * and the provider kit both compute `bundleId` for it, and a test can tell two providers'
 * rules apart. On macOS the identifier is the Info.plist's of a stand-in app (node-app.ts).
 */
export function spawnAsApp(bundleId: string, script: string, env: NodeJS.ProcessEnv): Spawned {
  if (process.platform === 'darwin') return spawnProcess(nodeFor(bundleId), [script], env);
  const launch = `GIO_LAUNCHED_DESKTOP_FILE=/usr/share/applications/${bundleId}.desktop GIO_LAUNCHED_DESKTOP_FILE_PID=$$ exec "$0" "$@"`;
  return spawnProcess('/bin/sh', ['-c', launch, process.execPath, script], env);
}
