import { configDefaults, defineConfig } from 'vitest/config';

// Integration tests start real provider processes and real lsof: give them room on a
// 2-core machine, and keep files in separate forks so a crashed provider stays contained.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The Electron end-to-end tests need a Mac and the Electron binary: npm run test:electron.
    exclude: [...configDefaults.exclude, 'test/electron/**'],
    pool: 'forks',
    testTimeout: 20_000,
    // expect.poll waits for a state; its default of 1 s is a time, which a loaded 2-core machine
    // overruns (the first collect of an e2e test took longer). Under testTimeout, so a poll that
    // never comes says what it waited for.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
