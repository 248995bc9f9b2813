import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openGlanceHome } from '../../app/home/folder.js';
import type { MainServices } from '../../main/services.js';

/**
 * A data folder of the test's own for each test, and the services it started closed after it:
 * the hooks three test/main files wrote alike. `glanceHome` makes the folder as the app does
 * (modes, layout), for tests that read what the app keeps there.
 */
export function useServicesFolder(prefix: string, options: { glanceHome?: boolean } = {}): { dir(): string; keep(services: MainServices): MainServices } {
  let dir = '';
  const running: MainServices[] = [];
  beforeEach(async () => {
    const made = await mkdtemp(join(tmpdir(), prefix));
    dir = options.glanceHome ? (await openGlanceHome(made)).path : made;
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    keep: (services) => {
      running.push(services);
      return services;
    },
  };
}
