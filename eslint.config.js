// Lint rules, including the boundaries of the design:
// the core (app/) and the provider kit never import electron and never print;
// the provider kit imports nothing of the host; the renderer never imports electron or Node's modules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noElectron = { name: 'electron', message: 'The core runs in plain Node: inject what you need from main/.' };
const nodeModules = ['node:*', 'fs', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto'];
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
  {
    files: ['provider/kit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [kitOnlyImportsItself] }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: nodeModules }],
    },
  },
);
