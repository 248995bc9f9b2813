import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const { version } = JSON.parse(readFileSync(source('../package.json'), 'utf8')) as { version: string };

/**
 * A single executable's script has no module loader: its `import()` fails. Node's own modules
 * are required instead. get-windows, the one package left outside the bundle (its files are
 * found beside its own), serves Linux and Windows only, where this program is not shipped: on a
 * Mac Glance runs get-windows' Swift helper itself (app/os/get-windows-helper.ts), so there the
 * import is never reached, and it says why it fails if it is.
 */
function requireNodeModules(): Plugin {
  return {
    name: 'glance-command-require-node-modules',
    renderChunk(code) {
      const out = code
        .replace(/\bimport\(("node:[^"]+")\)/g, (_, specifier: string) => `Promise.resolve().then(() => require(${specifier}))`)
        .replace(/\bimport\("get-windows"\)/g, 'Promise.reject(new Error("this glance reads the front window only on a Mac; install Glance from npm here"))');
      const left = /\bimport\("/.exec(out);
      if (left) throw new Error(`the command's single-file bundle still imports a module at run time: ${out.slice(left.index, left.index + 80)}`);
      return { code: out, map: null };
    },
  };
}

// The `glance` command (app/cli/single-executable.ts) as ONE CommonJS file with every dependency
// in it but get-windows: what a Node single executable application runs, since its script can
// require Node's own modules only (scripts/build-command.js, docs/app.md, "The glance command on
// a Mac"). No package.json travels with it, so its version is written in (app/cli/version.ts).
export default defineConfig({
  build: {
    outDir: source('../dist/command'),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    ssr: true,
    rolldownOptions: {
      input: { command: source('../app/cli/single-executable.ts') },
      external: ['get-windows'],
      output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false, charset: 'ascii', comments: false },
    },
  },
  define: { GLANCE_BUILT_VERSION: JSON.stringify(version) },
  plugins: [requireNodeModules()],
  ssr: { noExternal: true, external: ['get-windows'] },
  logLevel: 'warn',
});
