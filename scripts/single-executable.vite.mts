import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** A path from this folder (scripts/). */
export const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** What differs between Glance's single executables: the rest of the recipe is one. */
export interface SingleExecutableBundle {
  /** Who it is, in the build's error. */
  what: string;
  /** The output folder, from scripts/. */
  outDir: string;
  /** The entry's name and its source, from scripts/. */
  input: Record<string, string>;
  /** Packages left outside the bundle. */
  external?: string[];
  /** More run-time imports rewritten before the check that none is left. */
  rewrite?: (code: string) => string;
  define?: UserConfig['define'];
}

/**
 * A single executable's script has no module loader: its `import()` fails. Node's own modules
 * (the only ones left to load at run time, everything else is bundled) are required instead,
 * and any other import left is a build error.
 */
function requireNodeModules(what: string, rewrite: (code: string) => string): Plugin {
  return {
    name: 'glance-require-node-modules',
    renderChunk(code) {
      const out = rewrite(code.replace(/\bimport\(("node:[^"]+")\)/g, (_, specifier: string) => `Promise.resolve().then(() => require(${specifier}))`));
      const left = /\bimport\("/.exec(out);
      if (left) throw new Error(`${what}'s bundle still imports a module at run time: ${out.slice(left.index, left.index + 80)}`);
      return { code: out, map: null };
    },
  };
}

/**
 * One CommonJS file with every dependency in it: what a Node single executable application
 * runs, since its script can require Node's own modules only (scripts/sea.js, docs/app.md).
 */
export function singleExecutableConfig(bundle: SingleExecutableBundle): UserConfig {
  const external = bundle.external ?? [];
  return defineConfig({
    build: {
      outDir: source(bundle.outDir),
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      sourcemap: false,
      ssr: true,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(bundle.input).map(([name, path]) => [name, source(path)])),
        ...(external.length > 0 ? { external } : {}),
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false, charset: 'ascii', comments: false },
      },
    },
    ...(bundle.define ? { define: bundle.define } : {}),
    plugins: [requireNodeModules(bundle.what, bundle.rewrite ?? ((code) => code))],
    ssr: { noExternal: true, ...(external.length > 0 ? { external } : {}) },
    logLevel: 'warn',
  });
}
