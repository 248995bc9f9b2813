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
    hookTimeout: 600_000,
    globalSetup: ['test/electron/global-setup.ts'],
  },
});
