/**
 * Whether an app is built on Electron (macOS), for the consent card's words: the first read
 * Glance makes of such an app turns on its accessibility support (AXManualAccessibility, which
 * ax-reader sets once per run of the app when it is off; docs/accessibility.md, "On a Mac"), and
 * the user is told what that changes before they choose. An Electron app's bundle carries
 * Electron's framework; the bundle is the innermost `.app` around the process's executable.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DARWIN_TOOLS, enclosingAppBundle, executablePath, type DarwinTools } from '@app-context/provider-kit/platform';

/** Whether the app bundle at `bundle` carries Electron's framework. */
export function isElectronBundle(bundle: string): boolean {
  return existsSync(join(bundle, 'Contents', 'Frameworks', 'Electron Framework.framework'));
}

/** Whether process `pid` runs an Electron app; false off macOS, and when its bundle cannot be told. */
export async function isElectronApp(pid: number, platform: NodeJS.Platform = process.platform, tools: DarwinTools = DEFAULT_DARWIN_TOOLS): Promise<boolean> {
  if (platform !== 'darwin') return false;
  const executable = await executablePath(pid, tools);
  const bundle = executable === undefined ? undefined : enclosingAppBundle(executable);
  return bundle !== undefined && isElectronBundle(bundle);
}
