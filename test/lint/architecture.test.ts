// Every "never" of the architecture is a lint rule (docs/architecture.md, "What may import what"): ESLint's Node API with
// the project's own config, over crafted files that each import across one never, at several
// depths of each folder; each must be reported. And the real tree has none of them.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/harness/build.js';

const eslint = new ESLint({ cwd: ROOT });

/** The import-rule messages ESLint gives a file at `path` holding `code`. */
async function restricted(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** [file, import, what the message must say] for each never, crossed from more than one depth. */
const NEVERS: [string, string, RegExp][] = [
  // The core never imports main/, renderer/ or electron.
  ['app/crafted.ts', '../main/services.js', /core never imports main/],
  ['app/agent/crafted.ts', '../../main/flow/controller.js', /core never imports main/],
  ['app/cli/commands/crafted.ts', '../../../renderer/src/bridge.js', /core never imports main\/ or renderer/],
  ['app/os/crafted.ts', 'electron', /plain Node/],
  // Electron's subpath entry points are electron too.
  ['app/os/crafted.ts', 'electron/main', /plain Node/],
  ['app/crafted.ts', 'electron/common', /plain Node/],
  ['provider/sample/crafted.ts', 'electron/main', /plain Node/],
  // contract/ stays loadable by the panel: no main/, no core I/O, no electron, no Node.
  ['contract/crafted.ts', '../main/ports.js', /imports only itself, zod and the kit's protocol/],
  ['contract/crafted.ts', '../app/os/index.js', /imports only itself, zod and the kit's protocol/],
  ['contract/crafted.ts', '../app/invocation/collect.js', /imports only itself, zod and the kit's protocol/],
  ['contract/crafted.ts', 'node:fs', /no Node modules/],
  ['contract/crafted.ts', 'electron', /no electron/],
  ['contract/crafted.ts', 'electron/renderer', /no electron/],
  // ...and no package but zod and the kit's protocol entry: the kit's root brings sockets and files.
  ['contract/crafted.ts', '@app-context/provider-kit', /nothing else from node_modules/],
  ['contract/crafted.ts', '@app-context/provider-kit/platform', /nothing else from node_modules/],
  ['contract/crafted.ts', 'react', /nothing else from node_modules/],
  // The renderer imports only contract/: never main/ (not even a type), the core, electron or Node.
  ['renderer/src/crafted.tsx', '../../main/preload/index.js', /only contract/],
  ['renderer/src/review/crafted.tsx', '../../../main/services.js', /only contract/],
  ['renderer/src/crafted.ts', '../../app/invocation/collect.js', /only contract/],
  ['renderer/src/settings/crafted.tsx', '@app-context/provider-kit/protocol', /only the packages it was checked with/],
  ['renderer/src/crafted.tsx', 'electron', /plain Node/],
  ['renderer/src/answer/crafted.ts', 'node:path', /web page/],
  ['renderer/src/crafted.tsx', 'electron/renderer', /plain Node/],
  ['renderer/src/overlay/crafted.tsx', 'electron/common', /plain Node/],
  // ...and only the packages it was checked with: not the kit, not the core's dependencies.
  ['renderer/src/review/crafted.tsx', '@app-context/provider-kit', /only the packages it was checked with/],
  ['renderer/src/crafted.ts', '@app-context/provider-kit/platform', /only the packages it was checked with/],
  ['renderer/src/answer/crafted.tsx', 'openai', /only the packages it was checked with/],
  ['renderer/src/crafted.tsx', 'react-evil', /only the packages it was checked with/],
  ['renderer/vite.config.ts', 'electron/main', /plain Node/],
  ['renderer/vite.config.ts', '@app-context/provider-kit', /only Vite and its React plugin/],
  // main/ never imports the renderer.
  ['main/crafted.ts', '../renderer/src/App.js', /never imports the renderer/],
  ['main/flow/crafted.ts', '../../renderer/src/bridge.js', /never imports the renderer/],
  ['main/preload/crafted.ts', '../../renderer/src/overlay/Overlay.js', /never imports the renderer/],
  // main/ reaches the core only through its facade (and the plain-type modules), at every depth.
  ['main/crafted.ts', '../app/invocation/collect.js', /only through app\/host\.ts/],
  ['main/flow/crafted.ts', '../../app/agent/conversation.js', /only through app\/host\.ts/],
  ['main/ipc/crafted.ts', '../../app/log/logger.js', /only through app\/host\.ts/],
  ['main/flow/crafted.ts', '../../app/os/index.js', /only through app\/host\.ts/],
];

describe('lint enforces the architecture', () => {
  it.each(NEVERS)('%s importing %s is reported', async (file, specifier, message) => {
    for (const code of [`import { x } from '${specifier}';\nexport const y = x;\n`, `import type { X } from '${specifier}';\nexport type Y = X;\n`]) {
      const messages = await restricted(file, code);
      expect(messages, `${file} -> ${specifier}`).toHaveLength(1);
      expect(messages[0]).toMatch(message);
    }
  });

  it.each([
    ['app/os/crafted.ts', 'electron/main', /plain Node/],
    ['app/crafted.ts', 'electron', /plain Node/],
    ['contract/crafted.ts', 'zod', /statically only/],
    ['renderer/src/crafted.tsx', '../../app/invocation/collect.js', /statically only/],
    ['renderer/src/review/crafted.ts', '@app-context/provider-kit', /statically only/],
  ])('%s importing %s with import() is reported', async (file, specifier, message) => {
    const [result] = await eslint.lintText(`export const m = await import('${specifier}');\n`, { filePath: `${ROOT}${file}` });
    const messages = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    expect(messages, `${file} -> import(${specifier})`).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('allows what the design allows: the core and the panel import contract/, main imports electron, contract imports the protocol', async () => {
    expect(await restricted('app/agent/crafted.ts', "import { listIds } from '../../contract/review.js';\nexport const y = listIds;\n")).toEqual([]);
    expect(await restricted('renderer/src/review/crafted.tsx', "import type { Element } from '../../../contract/review.js';\nimport { bridge } from '../bridge.js';\nexport type Y = Element;\nexport const z = bridge;\n")).toEqual([]);
    expect(await restricted('main/flow/crafted.ts', "import { collectContext } from '../../app/host.js';\nimport type { FrontApp } from '../../app/os/types.js';\nexport const y = collectContext;\nexport type Z = FrontApp;\n")).toEqual([]);
    expect(await restricted('main/windows/crafted.ts', "import { BrowserWindow } from 'electron';\nimport { eventContract } from '../../contract/ipc.js';\nexport const y = [BrowserWindow, eventContract];\n")).toEqual([]);
    expect(await restricted('renderer/src/answer/crafted.tsx', "import { createRoot } from 'react-dom/client';\nimport Markdown from 'react-markdown';\nimport remarkGfm from 'remark-gfm';\nimport { X } from 'lucide-react';\nimport { z } from 'zod';\nexport const y = [createRoot, Markdown, remarkGfm, X, z];\n")).toEqual([]);
    expect(await restricted('renderer/vite.config.ts', "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\nexport const y = [react, defineConfig];\n")).toEqual([]);
    const [core] = await eslint.lintText("export const m = await import('./cli/main.js');\n", { filePath: `${ROOT}app/crafted.ts` });
    expect(core?.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
    expect(await restricted('contract/crafted.ts', "import { ElementSchema } from '@app-context/provider-kit/protocol';\nimport { z } from 'zod';\nexport const y = [ElementSchema, z];\n")).toEqual([]);
  });

  it('a context source runs no other: a value across the two sources\' folders is reported, a shared type and app/sources are not', async () => {
    const across = async (file: string, code: string): Promise<string[]> => {
      const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
      return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
    };
    expect(await across('app/accessibility/crafted.ts', "import { collectContext } from '../invocation/collect.js';\nexport const y = collectContext;\n")).toEqual([expect.stringMatching(/never runs another/)]);
    expect(await across('app/invocation/crafted.ts', "import { accessibilityPlugin } from '../accessibility/collect.js';\nexport const y = accessibilityPlugin;\n")).toEqual([expect.stringMatching(/never runs another/)]);
    expect(await across('app/accessibility/crafted.ts', "import type { CoreDeps } from '../invocation/verified-call.js';\nexport type Y = CoreDeps;\n")).toEqual([]);
    expect(await across('app/sources/crafted.ts', "import { accessibilityPlugin } from '../accessibility/collect.js';\nimport { providerPlugin } from '../invocation/plugin.js';\nexport const y = [accessibilityPlugin, providerPlugin];\n")).toEqual([]);
  });

  it('does not lint a build output anywhere (examples/electron/out after a local npm start)', async () => {
    expect(await eslint.isPathIgnored(`${ROOT}examples/electron/out/main.js`)).toBe(true);
    expect(await eslint.isPathIgnored(`${ROOT}examples/electron/main.ts`)).toBe(false);
  });

  it('the real tree crosses none of them', async () => {
    const results = await eslint.lintFiles(['app', 'contract', 'main', 'renderer']);
    const crossings = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(crossings).toEqual([]);
    expect(results.length).toBeGreaterThan(150);
    // Linting the whole tree: on a loaded 2-core machine it took 21-24 s once app/os/accessibility joined it.
  }, 90_000);
});
