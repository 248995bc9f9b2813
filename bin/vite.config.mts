import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The one file through which the bundle imports an ES module package (get-windows). */
const ESM_IMPORT = 'esm-import.cjs';
/** The chunk bin/code-cache.js compiles itself. */
const CACHED_ENTRY = 'glance.cjs';

/**
 * The command's entry is compiled by bin/code-cache.js with V8's code cache (node:vm), where an
 * `import()` has no loader unless Node's experimental one is asked for, which prints a warning
 * on every run. So no chunk keeps an `import()` of a module: Node's own modules are required
 * (they are CommonJS to Node), and an ES module package is imported by a small file of its own,
 * which Node's CommonJS loader compiles and so can import. The build fails if the entry still
 * has the word `import(` anywhere, even in a comment: a rare false alarm beats a command that
 * fails at run time on the one path that imports.
 */
function noDynamicImport(): Plugin {
  const call = /\bimport\(("[^"]+")\)/g;
  return {
    name: 'glance-no-dynamic-import',
    renderChunk(code, chunk) {
      const out = code.replace(call, (_, specifier: string) => specifier.startsWith('"node:')
        ? `Promise.resolve().then(() => require(${specifier}))`
        : `require("./${ESM_IMPORT}")(${specifier})`);
      const left = chunk.fileName === CACHED_ENTRY ? /\bimport\(/.exec(out) : null;
      if (left) throw new Error(`${chunk.fileName} still has an import(), which bin/code-cache.js cannot run: ${out.slice(left.index, left.index + 80)}`);
      return { code: out, map: null };
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: ESM_IMPORT,
        source: '\'use strict\';\n// Imports an ES module package for the bundled command (bin/vite.config.mts): this file is\n// compiled by Node\'s CommonJS loader, which can import, unlike the code-cached entry.\nmodule.exports = (specifier) => import(specifier);\n',
      });
    },
  };
}

// The `glance` command as a few bundled CommonJS files (dist/cli), so that starting it reads a
// handful of files instead of resolving and compiling hundreds of modules, and needs neither
// Node's ES module loader nor a parse of what V8 has compiled before (docs/benchmarks.md, "The
// command"). `glance.cjs` is the command, loaded by bin/code-cache.js with the code cache `npm
// run build` writes beside it; `version.cjs` is all `--version` loads (bin/glance.js); each
// lazily imported command (ask, check-provider, rules, history) and each lazily imported library
// (secretlint, the model SDKs) is a chunk of its own, read only when it is used. Dependencies
// are bundled in, except get-windows, whose native addon is found beside its own files.
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
      output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name].cjs', charset: 'ascii', comments: false },
    },
  },
  plugins: [noDynamicImport()],
  ssr: { noExternal: true, external: ['get-windows'] },
  logLevel: 'warn',
});
