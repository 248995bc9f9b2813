// The README's first command: the demo against the bundled Sample Notes, as a user runs it.
// It must go through every step and say so, and fail loudly when a step fails.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('npm run demo', () => {
  it('goes through every step against Sample Notes and leaves no descriptor behind', async () => {
    const { stdout, stderr } = await run(process.execPath, ['scripts/demo.js'], { encoding: 'utf8', timeout: 60_000 });
    expect(stderr).toBe('');
    expect(stdout).toContain('Application "Sample Notes"');
    expect(stdout).toMatch(/\$ glance location --pid \d+ --instance [\w-]+ -- sel-\d+ .*\nvisible: 1 rect in window \d+/);
    expect(stdout).toMatch(/\[highlight sel-\d+: visible/);
    expect(stdout).toMatch(/All \d+ checks passed\./);
    expect(stdout).toContain('descriptors left behind: 0.');
    expect(stdout).toContain('Every step went through.');
  }, 90_000);
});
