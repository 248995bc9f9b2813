import { readFileSync } from 'node:fs';
import { singleExecutableConfig, source } from './single-executable.vite.mjs';

const { version } = JSON.parse(readFileSync(source('../package.json'), 'utf8')) as { version: string };

// The `glance` command (app/cli/single-executable.ts) as ONE CommonJS file with every dependency
// in it but get-windows: what a Node single executable application runs (scripts/build-command.js,
// docs/app.md, "The glance command on a Mac"). No package.json travels with it, so its version is
// written in (app/cli/version.ts).
//
// get-windows, the one package left outside the bundle (its files are found beside its own),
// serves Linux and Windows only, where this program is not shipped: on a Mac Glance runs
// get-windows' Swift helper itself (app/os/get-windows-helper.ts), so there the import is never
// reached, and it says why it fails if it is.
export default singleExecutableConfig({
  what: 'the command',
  outDir: '../dist/command',
  input: { command: '../app/cli/single-executable.ts' },
  external: ['get-windows'],
  rewrite: (code) => code.replace(/\bimport\("get-windows"\)/g, 'Promise.reject(new Error("this glance reads the front window only on a Mac; install Glance from npm here"))'),
  define: { GLANCE_BUILT_VERSION: JSON.stringify(version) },
});
