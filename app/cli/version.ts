import { readFileSync } from 'node:fs';
import { PROTOCOL_VERSION } from '@app-context/provider-kit/protocol';
import { singleExecutableVersion } from '../os/single-executable.js';

/**
 * `glance --version`: Glance's version from its package.json and the protocol it speaks. The
 * file is found by walking up from this module, which sits two levels deep in the source
 * (app/cli) and three in the build (dist/app/cli).
 */
export function versionLine(from: URL = new URL('.', import.meta.url)): string {
  const { version } = versionInfo(from);
  return `glance ${version ?? '(version unknown)'} (app-context protocol ${PROTOCOL_VERSION})\n`;
}

/** The same facts for `glance --version --json`: `version` is null when package.json was not found. */
export function versionInfo(from: URL = new URL('.', import.meta.url)): { version: string | null; protocol: string } {
  // The Mac app's single executable has no package.json beside it: its build wrote the version in.
  if (singleExecutableVersion !== undefined) return { version: singleExecutableVersion, protocol: PROTOCOL_VERSION };
  let folder = from;
  for (let up = 0; up < 5; up += 1) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', folder), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'glance' && typeof manifest.version === 'string') return { version: manifest.version, protocol: PROTOCOL_VERSION };
    } catch {
      // No package.json here, or not readable: look one folder up.
    }
    folder = new URL('..', folder);
  }
  return { version: null, protocol: PROTOCOL_VERSION };
}
