import { singleExecutableConfig } from './single-executable.vite.mjs';

// The browser helper (provider/browser/main.ts) as ONE CommonJS file with every dependency in
// it (the kit, the MCP SDK, zod): what a Node single executable application runs
// (scripts/build-browser-helper.js, docs/app.md, "The browser helper on a Mac").
export default singleExecutableConfig({
  what: 'the browser helper',
  outDir: '../dist/browser-helper',
  input: { helper: '../provider/browser/main.ts' },
});
