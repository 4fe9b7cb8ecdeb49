import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest would take one core less than the machine has: on CI's two cores that is one worker,
    // while most of a test's time is spent waiting on a database, a socket or a timer.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          // The module boundary check's own test runs with the server's.
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          // Faults on real processes restart shared services: their own run (vitest.faults.config.ts).
          exclude: ['apps/server/src/faults/**', '**/node_modules/**'],
          environment: 'node',
          // On PostgreSQL each test app copies a database prepared once per run.
          globalSetup: ['./apps/server/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
