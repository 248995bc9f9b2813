// Before the Electron end-to-end tests: say in one line why they are skipped, or build what
// Electron runs (the main process, preloads and pages in dist/), so they test the code as it is.
import { execFileSync } from 'node:child_process';
import { electronAvailability } from './availability.js';

export default function setup(): void {
  const availability = electronAvailability();
  if (!availability.ok) {
    console.warn(availability.reason);
    return;
  }
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
