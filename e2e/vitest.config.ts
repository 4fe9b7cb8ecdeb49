import { defineConfig } from 'vitest/config';

/** Browser journeys in Debian's Chromium against the built app on a real server and database. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run on E2E_WORKERS workers at once, each with its own server (support/global-setup.ts).
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
    // One more try on CI, where the two cores are shared with the server under test; a journey
    // that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
