// Tests that spawn `glance` or the sample provider run the compiled output, as users do.
// `npm test` builds first; a bare `vitest` run builds here when the output is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function setup(): void {
  const rebuild = process.env['GLANCE_TEST_BUILD'] === '1';
  // The kit first: the core imports the protocol from its package (@app-context/provider-kit).
  if (!existsSync('provider/kit/dist/index.js') || rebuild) {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'provider/kit/tsconfig.json'], { stdio: 'inherit' });
  }
  if (!existsSync('dist/app/cli/main.js') || rebuild) {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  }
  // The accessibility helpers beside the compiled reader (the Linux script; on a Mac, the Swift build).
  if (!existsSync('dist/app/os/accessibility/atspi-reader.py') || rebuild) {
    execFileSync(process.execPath, ['scripts/build-accessibility-helpers.js'], { stdio: 'inherit' });
  }
  // The command as users run it: bin/glance.js loads the bundle in dist/cli (bin/vite.config.mts)
  // with the code cache beside it (bin/code-cache.js).
  if (!existsSync('dist/cli/glance.cjs.cache') || rebuild) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'bin/vite.config.mts'], { stdio: 'inherit' });
    execFileSync(process.execPath, ['bin/code-cache.js', 'dist/cli/glance.cjs'], { stdio: 'inherit' });
    // The bundle's chunks look for the accessibility helpers beside them; vite emptied the folder.
    execFileSync(process.execPath, ['scripts/build-accessibility-helpers.js'], { stdio: 'inherit' });
  }
}
