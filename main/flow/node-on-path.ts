import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * The Node a checkout's browser launcher runs the helper with, as an absolute path: the browser
 * starts the launcher with its own short PATH (a Mac's launchd gives /usr/bin:/bin:/usr/sbin:
 * /sbin), where a Node from Homebrew or a version manager is not, so the path is found now, in
 * the PATH Glance was started with. Undefined when no Node is on it (install then says so when
 * the helper cannot start; the packaged app needs none).
 */
export function nodeOnPath(env: NodeJS.ProcessEnv): string | undefined {
  for (const folder of (env['PATH'] ?? '').split(delimiter)) {
    if (!isAbsolute(folder)) continue;
    const candidate = join(folder, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here: the next folder.
    }
  }
  return undefined;
}
