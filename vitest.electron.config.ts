import { defineConfig } from 'vitest/config';

// The Electron end-to-end tests (npm run test:electron): the real app on a Mac, driven through
// Playwright's Electron support. One file at a time: they share one desktop, its front app and
// its focus. Skipped, with one line saying why, where Electron cannot run (test/electron/availability.ts).
export default defineConfig({
  test: {
    include: ['test/electron/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    // Packaging the app for the packaged-layout test takes minutes when CI has not done it.
    // expect.poll waits for a state; its default of 1 s is a time, which a loaded 2-core machine
    // overruns (the first collect of an e2e test took longer). Under testTimeout, so a poll that
    // never comes says what it waited for.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 600_000,
    globalSetup: ['test/electron/global-setup.ts'],
  },
});
