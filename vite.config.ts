import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: process.env.VITEST ? [] : [reactRouter()],
  css: { postcss: './postcss.config.cjs' },
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
    // Builds the migrated-database snapshot every suite's PGlite starts from (ADR 079).
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
