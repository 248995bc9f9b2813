// The kit is its own package: lint fails on any import of the host, of electron, or of a
// package the kit does not depend on (eslint.config.js, kitOnlyImportsItself). Crafted
// imports are linted as if they were kit files, with the repository's own configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The no-restricted-imports messages for a kit file with this source. */
async function restricted(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the kit never imports the host', () => {
  it.each([
    ['provider/kit/src/launch.ts', "import { MAX_DEPTH } from '../../../app/protocol/limits.js';\nexport const d = MAX_DEPTH;\n"],
    ['provider/kit/src/options.ts', "import type { Logger } from '../../../app/log/logger.js';\nexport type L = Logger;\n"],
    ['provider/kit/src/index.ts', "export { glanceHomePath } from '../../../app/home/folder.js';\n"],
    ['provider/kit/src/index.ts', "export * from '../../../main/index.js';\n"],
    ['provider/kit/src/answer.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['provider/kit/src/answer.ts', "import { main } from 'glance/dist/app/cli/main.js';\nexport const m = main;\n"],
    ['provider/kit/src/http.ts', "import express from 'express';\nexport const e = express;\n"],
    ['provider/kit/src/options.ts', "import { homedir } from 'os';\nexport const h = homedir;\n"],
    ['provider/kit/src/protocol/ids.ts', "import { launchProvider } from '../launch.js';\nexport const l = launchProvider;\n"],
    ['provider/kit/src/platform/folder.ts', "import { isValidId } from '../protocol/ids.js';\nexport const v = isValidId;\n"],
  ])('%s: %j is reported', async (path, code) => {
    const messages = await restricted(path, code);
    // electron is also named by the core's own rule; the kit's rule reports every case.
    expect(messages.filter((m) => m.includes('The provider kit imports only its own files'))).toHaveLength(1);
  });

  it('allows its own files, node:*, zod and the MCP SDK', async () => {
    const code = [
      "import { readFile } from 'node:fs/promises';",
      "import { z } from 'zod';",
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      "import { isValidId } from './protocol/ids.js';",
      'export const all = [readFile, z, isValidId];',
      'export type R = CallToolResult;',
      '',
    ].join('\n');
    expect(await restricted('provider/kit/src/launch.ts', code)).toEqual([]);
  });

  it('holds for every file of the kit as it is', async () => {
    const results = await eslint.lintFiles(['provider/kit/src']);
    expect(results.length).toBeGreaterThan(20);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId ?? ''} ${m.message}`))).toEqual([]);
  });

  it('does not restrict the host, which imports the kit by its package name', async () => {
    const code = "import { readAnswer } from '@app-context/provider-kit/protocol';\nexport const r = readAnswer;\n";
    expect(await restricted('app/invocation/collect.ts', code)).toEqual([]);
  });
});
