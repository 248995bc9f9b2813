import { configDefaults, defineConfig } from 'vitest/config';

// Integration tests start real provider processes and real lsof: give them room on a
// 2-core machine, and keep files in separate forks so a crashed provider stays contained.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The Electron end-to-end tests need a Mac and the Electron binary: npm run test:electron.
    exclude: [...configDefaults.exclude, 'test/electron/**'],
    pool: 'forks',
    // Two files at a time on the 2-core CI machine (Vitest's default there is one: CPUs - 1).
    // One file at a time left a core idle: the suite used 13-15 CPU-minutes over 17-18 minutes
    // of wall, waiting on provider processes, Chromium and the OS (docs/benchmarks.md, "The
    // suite's own time").
    maxWorkers: 2,
    testTimeout: 20_000,
    // expect.poll waits for a state; its default of 1 s is a time, which a loaded 2-core machine
    // overruns (the first collect of an e2e test took longer). Under testTimeout, so a poll that
    // never comes says what it waited for.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
