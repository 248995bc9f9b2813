// Lint rules, among them every "never" of the architecture (docs/architecture.md), each failing
// `npm run lint` and so CI:
// - the core (app/) never imports main/, renderer/ or electron, and never prints;
// - contract/ is pure: zod, itself and the kit's protocol schemas (its /protocol entry) only, so the
//   panel can load it; never main/, renderer/, the core's I/O, electron or Node's modules;
// - the renderer imports only contract/ outside renderer/ (types or pure functions): never
//   main/, the core, electron or Node's modules;
// - contract/ and the renderer import only the packages listed below (a bare specifier such as
//   @app-context/provider-kit would bring the core's sockets and files into the panel), and
//   only statically, so that these rules see every import;
// - electron is banned by pattern, so electron/main, electron/renderer and electron/common
//   are caught too;
// - main/ never imports renderer/, and imports the core (app/) only through its facade,
//   app/host.ts, and the plain-type modules app/{os,invocation,privacy,agent}/types.ts;
// - a context source never runs another: the provider's folder (app/invocation) and the
//   accessibility layer's (app/accessibility) import no value of each other (a type they share
//   is fine); they meet only in app/sources, which tries them in order;
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

/** electron and its subpaths (electron/main, electron/renderer, electron/common). */
const ELECTRON = 'electron(/|$)';
const noElectron = (message) => ({ regex: `^${ELECTRON}`, message });
const coreNoElectron = noElectron('The core runs in plain Node: inject what you need from main/.');
/** Node's modules, by name only (a gitignore-style `os` would also catch a folder called os). */
const NODE_MODULES = 'node:|(fs|path|os|child_process|net|http|https|crypto)(/|$)';
const nodeModules = (message) => ({ regex: `^(${NODE_MODULES})`, message });
/**
 * Every bare specifier but `allowed` (and but electron and Node's modules, which have their own
 * message): a package outside the list is a new dependency of the page, to be judged, not
 * slipped in.
 */
const onlyPackages = (allowed, message) => ({
  regex: `^(?!\\.|${ELECTRON}|${NODE_MODULES}|(${allowed.join('|')})(/|$))`,
  message: `${message} Allowed: ${allowed.join(', ')}.`,
});
/** What the panel and the overlay use: React, its DOM, the icons, Markdown and zod. */
const RENDERER_PACKAGES = ['react', 'react-dom', 'react-markdown', 'remark-gfm', 'lucide-react', 'zod'];
/**
 * `import()` of anything in contract/ and the renderer (no-restricted-imports does not see
 * it), and of electron in the core.
 */
const staticOnly = (message) => ['error', { selector: 'ImportExpression', message }];
const noDynamicElectron = ['error', { selector: 'ImportExpression[source.value=/^electron([/]|$)/]', message: 'The core runs in plain Node: inject what you need from main/.' }];

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
  { ignores: ['**/dist/**', '**/out/**', 'release/**', 'node_modules/**', 'coverage/**', 'renderer/dist/**', 'test-results/**'] },
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
    // CommonJS, where something loads a file with require(): the Electron tests' probe, and the
    // command's launcher (bin/package.json), which starts without Node's ES module loader.
    files: ['**/*.cjs', 'bin/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The browser extension: plain JavaScript the browser loads as it is (no build), in a
    // service worker whose injected functions run in the page.
    files: ['provider/browser/extension/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: { chrome: 'readonly', navigator: 'readonly', document: 'readonly', location: 'readonly', getSelection: 'readonly', Node: 'readonly', screenX: 'readonly', screenY: 'readonly', outerWidth: 'readonly', innerWidth: 'readonly', outerHeight: 'readonly', innerHeight: 'readonly', devicePixelRatio: 'readonly' },
    },
  },
  {
    files: ['app/**/*.ts', 'provider/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [coreNoElectron] }],
      'no-restricted-syntax': noDynamicElectron,
      // The CLI is the one place in the core that writes to the terminal, through its own io.
      'no-console': 'error',
    },
  },
  ...layer('app', {
    extra: [coreNoElectron],
    banned: (up) => [{ regex: `${up}(main|renderer)(/|$)`, message: 'The core never imports main/ or renderer/: main passes what the core needs.' }],
  }),
  ...layer('contract', {
    extra: [
      noElectron('contract/ is loaded by the panel and the preloads: no electron.'),
      nodeModules('contract/ is loaded by the panel: no Node modules.'),
      onlyPackages(['zod', '@app-context/provider-kit/protocol'], 'contract/ is loaded by the panel and the preloads: it imports zod and the kit\'s protocol schemas, nothing else from node_modules.'),
    ],
    banned: (up) => [{ regex: `${up}(?!contract/)`, message: 'contract/ imports only itself, zod and the kit\'s protocol schemas, so the panel can load it.' }],
  }),
  ...['ts', 'tsx'].flatMap((ext) => layer('renderer', {
    ext,
    extra: [
      coreNoElectron,
      nodeModules('The renderer is a web page: no Node modules.'),
      onlyPackages(RENDERER_PACKAGES, 'The renderer is a web page: it imports only the packages it was checked with.'),
    ],
    banned: (up) => [{ regex: `${up}(?!contract/|renderer/)`, message: 'The renderer imports only contract/ outside renderer/ (the IPC contract, the bridge types, pure functions).' }],
  })),
  {
    files: ['contract/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: { 'no-restricted-syntax': staticOnly('contract/ and the renderer import statically only, so the import rules above see every import.') },
  },
  {
    // The renderer's build configuration runs in Node at build time, never in the page: Vite
    // and its React plugin are its packages (still no electron, still no Node modules).
    files: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [coreNoElectron, nodeModules('The renderer is a web page: no Node modules.'), onlyPackages(['vite', '@vitejs/plugin-react'], 'The renderer\'s Vite config imports only Vite and its React plugin.')] }],
    },
  },
  ...layer('main', {
    banned: (up) => [
      { regex: `${up}renderer(/|$)`, message: 'main/ never imports the renderer: what both use lives in contract/.' },
      { regex: `${up}app/(?!host\\.js$|(os|invocation|privacy|agent)/types\\.js$)`, message: 'main/ imports the core only through app/host.ts (and the plain-type modules docs/architecture.md lists): add what main needs to the facade.' },
    ],
  }),
  // typescript-eslint's rule, beside the core one above: it alone can let a type through.
  ...[['invocation', 'accessibility'], ['accessibility', 'invocation']].map(([own, other]) => ({
    files: [`app/${own}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+(app/)?${other}/`, allowTypeImports: true, message: 'A context source never runs another: they meet only in app/sources (collectFrontApp tries them in order). A shared type may be imported.' }] }],
    },
  })),
  {
    files: ['provider/kit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [coreNoElectron, kitOnlyImportsItself] }],
    },
  },
);
