// Tests that spawn `glance` or the sample provider run the compiled output, as users do.
// `npm test` builds first; a bare `vitest` run builds here when the output is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function setup(): void {
  if (!existsSync('dist/app/cli/main.js') || process.env['GLANCE_TEST_BUILD'] === '1') {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  }
}
