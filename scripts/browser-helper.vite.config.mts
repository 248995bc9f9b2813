import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * A single executable's script has no module loader: its `import()` fails. Node's own modules
 * (the only ones left to load at run time, everything else is bundled) are required instead.
 */
function requireNodeModules(): Plugin {
  return {
    name: 'glance-require-node-modules',
    renderChunk(code) {
      const out = code.replace(/\bimport\(("node:[^"]+")\)/g, (_, specifier: string) => `Promise.resolve().then(() => require(${specifier}))`);
      const left = /\bimport\("/.exec(out);
      if (left) throw new Error(`the browser helper's bundle still imports a module at run time: ${out.slice(left.index, left.index + 80)}`);
      return { code: out, map: null };
    },
  };
}

// The browser helper (provider/browser/main.ts) as ONE CommonJS file with every dependency in
// it (the kit, the MCP SDK, zod): what a Node single executable application runs, since its
// script can require Node's own modules only (scripts/build-browser-helper.js, docs/app.md,
// "The browser helper on a Mac").
export default defineConfig({
  build: {
    outDir: source('../dist/browser-helper'),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    ssr: true,
    rolldownOptions: {
      input: { helper: source('../provider/browser/main.ts') },
      output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false, charset: 'ascii', comments: false },
    },
  },
  plugins: [requireNodeModules()],
  ssr: { noExternal: true },
  logLevel: 'warn',
});
