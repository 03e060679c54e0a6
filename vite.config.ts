import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vitest/config';
import { pageChunks } from './vite.chunks.ts';

// The browser build's chunks: a few per page instead of one per shared module (ADR 098).
const chunks = pageChunks(path.resolve(import.meta.dirname, 'app'));

const TEST_FILES = ['server/**/*.test.ts', 'common/**/*.test.ts', 'app/**/*.test.{ts,tsx}'];

/**
 * The PostgreSQL run (`npm run test:pg`) repeats only the suites that open a database: the pure
 * ones (arithmetic, schemas, pages) already passed in `npm test`, and half the files would
 * otherwise run twice for nothing.
 */
function suitesThatOpenADatabase(): string[] {
  return TEST_FILES.flatMap((pattern) => globSync(pattern, { cwd: import.meta.dirname })).filter((file) =>
    /describeWithApp|databaseKinds|openTestDatabase|TEST_DATABASE_URL/.test(
      readFileSync(path.join(import.meta.dirname, file), 'utf8'),
    ),
  );
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: process.env.VITEST ? [] : [reactRouter(), chunks.plugin],
  css: { postcss: './postcss.config.cjs' },
  // SOURCEMAP=1 writes the browser build's source maps, to see which modules each chunk holds;
  // MINIFY=0 keeps names readable for a CPU profile (bench/cpu-profile.ts).
  build: isSsrBuild
    ? {}
    : {
        sourcemap: !!process.env.SOURCEMAP,
        minify: process.env.MINIFY !== '0',
        rolldownOptions: { output: { codeSplitting: chunks.codeSplitting } },
      },
  test: {
    include: process.env.TEST_DATABASE_ONLY === 'postgres' ? suitesThatOpenADatabase() : TEST_FILES,
    // Builds the migrated-database snapshot every suite's PGlite starts from (ADR 079).
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the server once and runs file after file in it, instead of a fresh
    // process per file: the run takes half the time and CPU (docs/decisions/156-test-files-share-their-worker.md).
    isolate: false,
    // So a stubbed global or environment variable cannot reach the next file in the worker.
    unstubGlobals: true,
    unstubEnvs: true,
    fileParallelism: true,
    maxWorkers: 2,
  },
}));
