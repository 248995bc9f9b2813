import { readFileSync } from 'node:fs';
import { PROTOCOL_VERSION } from '@app-context/provider-kit/protocol';

/**
 * `glance --version`: Glance's version from its package.json and the protocol it speaks. The
 * file is found by walking up from this module, which sits two levels deep in the source
 * (app/cli) and three in the build (dist/app/cli).
 */
export function versionLine(from: URL = new URL('.', import.meta.url)): string {
  let folder = from;
  for (let up = 0; up < 5; up += 1) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', folder), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'glance' && typeof manifest.version === 'string') return `glance ${manifest.version} (app-context protocol ${PROTOCOL_VERSION})\n`;
    } catch {
      // No package.json here, or not readable: look one folder up.
    }
    folder = new URL('..', folder);
  }
  return `glance (version unknown) (app-context protocol ${PROTOCOL_VERSION})\n`;
}
