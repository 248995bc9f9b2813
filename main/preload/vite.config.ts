import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Each preload as one CommonJS file: a sandboxed renderer's preload may `require` only
// `electron` (and a few built-ins), so zod and the contract are bundled in, and the two
// preloads are built one at a time (`--mode panel`, `--mode overlay`): a shared chunk would be
// a second file the sandbox cannot load.
const ENTRIES = {
  panel: { file: './index.ts', out: 'preload.cjs' },
  overlay: { file: './overlay.ts', out: 'overlay.cjs' },
} as const;

export default defineConfig(({ mode }) => {
  const entry = mode === 'overlay' ? ENTRIES.overlay : ENTRIES.panel;
  return {
    build: {
      outDir: fileURLToPath(new URL('../../dist/preload', import.meta.url)),
      // The panel's build runs first and clears the folder; the overlay's adds its file.
      emptyOutDir: mode !== 'overlay',
      target: 'es2023',
      minify: false,
      sourcemap: false,
      lib: {
        entry: fileURLToPath(new URL(entry.file, import.meta.url)),
        formats: ['cjs'],
        fileName: () => entry.out,
      },
      rolldownOptions: { external: ['electron'] },
    },
  };
});
