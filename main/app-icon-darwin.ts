/**
 * An app's icon on a Mac: the icon Finder shows for its bundle, from Electron's
 * `app.getFileIcon` (passed in as `fileIcon`, so nothing here imports electron and a test gives
 * its own). The bundle is the innermost `.app` around the running process's executable, or,
 * for an app that no longer runs (a receipt in History), the one Spotlight knows by the bundle
 * id. The PNG goes to the page as a data: URL (app/os/app-icon.ts).
 */
import { DEFAULT_DARWIN_TOOLS, enclosingAppBundle, executablePath, runTool, type DarwinTools } from '@app-context/provider-kit/platform';
import { iconDataUrl, type AppIcons } from '../app/host.js';

/** What `app.getFileIcon(path, { size: 'normal' })` gives, as far as it is read: a 32-point image. */
export type FileIcon = (path: string) => Promise<{ isEmpty(): boolean; toPNG(): Uint8Array }>;

/** The tools run to find a bundle, by absolute path: ps and lsof for a process, mdfind for a bundle id. */
export type DarwinIconTools = DarwinTools & { mdfind: string };

const DEFAULT_TOOLS: DarwinIconTools = { ...DEFAULT_DARWIN_TOOLS, mdfind: '/usr/bin/mdfind' };

/** A bundle id as macOS writes them; anything else is not put into a Spotlight query. */
const BUNDLE_ID = /^[A-Za-z0-9][A-Za-z0-9.-]{0,254}$/;

/** The first `.app` Spotlight lists for the bundle id, or undefined. */
async function bundleById(bundleId: string, tools: DarwinIconTools): Promise<string | undefined> {
  if (!BUNDLE_ID.test(bundleId)) return undefined;
  const found = await runTool(tools.mdfind, [`kMDItemCFBundleIdentifier == "${bundleId}"`], { timeoutMs: tools.timeoutMs });
  if (found.kind !== 'ok') return undefined;
  return found.stdout.split('\n').map((line) => line.trim()).find((line) => line.startsWith('/') && line.endsWith('.app'));
}

/** The Mac icon finder over Electron's file icons. */
export function createDarwinAppIcons(fileIcon: FileIcon, tools: DarwinIconTools = DEFAULT_TOOLS): AppIcons {
  return {
    async iconOf(app) {
      try {
        const executable = app.pid === undefined ? undefined : await executablePath(app.pid, tools);
        const bundle = (executable === undefined ? undefined : enclosingAppBundle(executable)) ?? (app.bundleId === undefined ? undefined : await bundleById(app.bundleId, tools));
        if (bundle === undefined) return undefined;
        const image = await fileIcon(bundle);
        return image.isEmpty() ? undefined : iconDataUrl(image.toPNG(), 'png');
      } catch {
        return undefined;
      }
    },
  };
}
