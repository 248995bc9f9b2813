// Lint rules, among them every "never" of the architecture (docs/architecture.md), each failing
// `npm run lint` and so CI:
// - the core (app/) never imports main/, renderer/ or electron, and never prints;
// - contract/ is pure: zod, itself and the protocol's schemas (app/protocol/) only, so the
//   panel can load it; never main/, renderer/, the core's I/O, electron or Node's modules;
// - the renderer imports only contract/ outside renderer/ (types or pure functions): never
//   main/, the core, electron or Node's modules;
// - main/ never imports renderer/.
// They are ESLint's own no-restricted-imports. eslint-plugin-boundaries 7.2 was tried first with
// ESLint 10 here: with our `.js` specifiers of `.ts` files its default resolver resolves
// nothing, and an unresolved import is silently not judged (a crafted app -> main import passed);
// it would need a TypeScript resolver as a second dependency. A relative specifier says where it
// leads once the file's depth is known, so the rules below are made per folder depth:
// test/lint/architecture.test.ts crafts an import across each never and sees it reported.
// - the provider kit (provider/kit, its own package) imports nothing of the host: only itself,
//   node:*, zod and the MCP SDK (test/provider/kit-boundary.test.ts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noElectron = { name: 'electron', message: 'The core runs in plain Node: inject what you need from main/.' };
/** Node's modules, by name only (a gitignore-style `os` would also catch a folder called os). */
const nodeModules = (message) => ({ regex: '^(node:|(fs|path|os|child_process|net|http|https|crypto)(/|$))', message });

/**
 * no-restricted-imports for every file of `folder`, depth by depth: `banned(up)` gets the
 * regex source that climbs from a file at that depth to the repository root (`^(\.\./){n}`)
 * and returns the pattern objects to forbid; `paths` and `extra` patterns apply at every depth.
 */
function layer(folder, { banned, paths = [], extra = [], ext = 'ts' }) {
  const below = folder.split('/').length;
  return Array.from({ length: 6 }, (_, depth) => ({
    files: [`${folder}/${'*/'.repeat(depth)}*.${ext}`],
    rules: { 'no-restricted-imports': ['error', { paths, patterns: [...extra, ...banned(`^(\\.\\./){${below + depth}}`)] }] },
  }));
}
/**
 * The provider kit is its own package (@app-context/provider-kit, installed by apps that are
 * not Glance): it may import its own files, Node's modules, zod and the MCP SDK, which are its
 * only dependencies, and nothing else: not the host (app/, main/, renderer/), not electron.
 * Only "./" paths are its own: protocol/ and platform/ never reach out of their folder, and
 * the kit's top level reaches into them, never above src/.
 */
export const kitOnlyImportsItself = {
  regex: '^(?!\\./|node:|zod(/|$)|@modelcontextprotocol/sdk/)',
  message: 'The provider kit imports only its own files (./), node:*, zod and @modelcontextprotocol/sdk: never the host (app/, main/), electron or another package.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', 'out/**', 'release/**', 'node_modules/**', 'coverage/**', 'renderer/dist/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', AbortController: 'readonly', fetch: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // CommonJS, where something loads a file with require(): the Electron tests' probe.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['app/**/*.ts', 'provider/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron] }],
      // The CLI is the one place in the core that writes to the terminal, through its own io.
      'no-console': 'error',
    },
  },
  ...layer('app', {
    paths: [noElectron],
    banned: (up) => [{ regex: `${up}(main|renderer)(/|$)`, message: 'The core never imports main/ or renderer/: main passes what the core needs.' }],
  }),
  ...layer('contract', {
    paths: [{ name: 'electron', message: 'contract/ is loaded by the panel and the preloads: no electron.' }],
    extra: [nodeModules('contract/ is loaded by the panel: no Node modules.')],
    banned: (up) => [{ regex: `${up}(?!contract/|app/protocol/)`, message: 'contract/ imports only itself and the protocol schemas (app/protocol/), so the panel can load it.' }],
  }),
  ...['ts', 'tsx'].flatMap((ext) => layer('renderer', {
    ext,
    paths: [noElectron],
    extra: [nodeModules('The renderer is a web page: no Node modules.')],
    banned: (up) => [{ regex: `${up}(?!contract/|renderer/)`, message: 'The renderer imports only contract/ outside renderer/ (the IPC contract, the bridge types, pure functions).' }],
  })),
  ...layer('main', {
    banned: (up) => [{ regex: `${up}renderer(/|$)`, message: 'main/ never imports the renderer: what both use lives in contract/.' }],
  }),
  {
    files: ['provider/kit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [kitOnlyImportsItself] }],
    },
  },
);
