import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

const above = fileURLToPath(new URL('../../../', import.meta.url));
/** The repository root, from this file's place in it: its source, or its compiled copy under dist/ (the bench's). */
export const ROOT = existsSync(`${above}package.json`) ? above : fileURLToPath(new URL('../../../../', import.meta.url));
const RENDERER_DIR = `${ROOT}dist/renderer`;

/**
 * The built renderer the tests serve. `npm test` builds it (npm run build); a bare vitest run
 * builds it here when it is missing, or always with GLANCE_TEST_BUILD=1.
 */
export async function ensureRendererBuilt(): Promise<string> {
  if (!existsSync(`${RENDERER_DIR}/index.html`) || !existsSync(`${RENDERER_DIR}/overlay.html`) || process.env['GLANCE_TEST_BUILD'] === '1') {
    await build({ configFile: `${ROOT}renderer/vite.config.ts`, logLevel: 'warn' });
  }
  return RENDERER_DIR;
}

/** A test bridge (bridge.ts, overlay-bridge.ts) compiled for the browser: one classic script, like a preload's effect. */
export async function buildTestBridge(file: 'bridge' | 'overlay-bridge' = 'bridge'): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2023',
      lib: { entry: `${ROOT}test/e2e/harness/${file}.ts`, formats: ['iife'], name: 'glanceTestBridge', fileName: () => `${file}.js` },
    },
  });
  const result = (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
  const chunk = result.output.find((item) => item.type === 'chunk');
  if (!chunk) throw new Error('the test bridge did not build');
  return chunk.code;
}
