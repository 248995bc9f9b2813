import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The `glance` command as a few bundled files (dist/cli), so that starting it reads a handful of
// files instead of resolving and compiling hundreds of modules (docs/benchmarks.md, "The
// command"). `glance.js` is the command; `version.js` is all `--version` loads (bin/glance.js);
// each lazily imported command (ask, check-provider, rules, history) and each lazily imported
// library (secretlint, the model SDKs) is a chunk of its own, read only when it is used.
// Dependencies are bundled in, except get-windows, whose native addon is found beside its own
// files.
export default defineConfig({
  build: {
    outDir: source('../dist/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    ssr: true,
    rolldownOptions: {
      input: { glance: source('../app/cli/main.ts'), version: source('../app/cli/version.ts') },
      external: ['get-windows'],
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    },
  },
  ssr: { noExternal: true, external: ['get-windows'] },
  logLevel: 'warn',
});
