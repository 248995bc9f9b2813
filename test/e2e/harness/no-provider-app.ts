import { nodeFor } from '../../helpers/node-app.js';
import { spawnProcess, type Spawned } from '../../helpers/spawn.js';

/**
 * An app that knows nothing of the protocol: a live process, with an identity the system reports
 * on every platform (test/helpers/node-app.ts: `node` on Linux, the stand-in app's on macOS), that publishes no descriptor. Pressing the hotkey
 * with it in front meets the accessibility consent card (pid 1, used before, has no identity on
 * some machines and one on others).
 */
export async function startNoProviderApp(): Promise<Spawned> {
  const app = spawnProcess(nodeFor('org.example.Preview'), ['-e', 'console.log("ready"); setInterval(() => undefined, 1 << 30);'], { PATH: process.env['PATH'] ?? '' });
  await app.waitFor(/ready/, 15_000);
  return app;
}
