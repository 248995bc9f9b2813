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
    expect(stdout).toMatch(/\$ glance location --app 'Sample Notes' -- sel-\d+ .*\nvisible: 1 rect: \(\d+, \d+\) \d+×\d+\n/);
    // For someone who has never heard of the protocol: what a bundle id is, what the rule means, what ids are.
    expect(stdout).toMatch(/↳ node is the app's bundle id: the name the operating system knows an app by/);
    expect(stdout).toContain('↳ rule: allow is your choice for this app');
    expect(stdout).toContain("element ids: the app's own names for its parts");
    expect(stdout).not.toMatch(/window \d+/);
    // The offline answer names the document by its title, as a person reads it.
    expect(stdout).toContain('Document: “Trip to Lisbon”.');
    expect(stdout).toMatch(/\[highlight sel-\d+: visible/);
    expect(stdout).toMatch(/All \d+ checks passed\./);
    expect(stdout).toContain('descriptors left behind: 0.');
    expect(stdout).toContain('Every step went through.');
  }, 90_000);
});
