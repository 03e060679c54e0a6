import { defineConfig } from 'vitest/config';

// Browser tests: one built Privy server (global setup) and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // A real browser against a built server on a busy two-core CI box: a page can take seconds to load
    // and hydrate, so a poll waits up to 10 s (the default 1 s failed CI) before it calls a bug a bug.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
