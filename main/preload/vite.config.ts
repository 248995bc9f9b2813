import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The preload as one CommonJS file: a sandboxed renderer's preload may `require` only
// `electron` (and a few built-ins), so zod and the contract are bundled in.
export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('../../dist/preload', import.meta.url)),
    emptyOutDir: true,
    target: 'es2023',
    minify: false,
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./index.ts', import.meta.url)),
      formats: ['cjs'],
      fileName: () => 'preload.cjs',
    },
    rolldownOptions: { external: ['electron'] },
  },
});
