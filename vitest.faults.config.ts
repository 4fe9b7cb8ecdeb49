import { defineConfig } from 'vitest/config';

/**
 * Faults on real server processes (apps/server/src/faults): PostgreSQL and Redis restarted under
 * load, nodes killed mid-work. They restart services other test runs share, so they run alone,
 * one file and one test at a time, after the PostgreSQL pass of .ci/run (never inside npm test);
 * every test leaves PostgreSQL and Redis running, failed or not.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['apps/server/src/faults/**/*.fault.test.ts'],
    environment: 'node',
    globalSetup: ['apps/server/src/faults/support/global-setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
