import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI adds a JSON report that scripts/ci-summary.mjs adds up.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: process.env.VITEST_JSON ?? 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.integration.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          // The security battery (tests/security) attacks the real server the same way integration tests call it.
          include: ['src/**/*.integration.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own database, a copy of one migrated once per run; two at a time suits the 2-core
          // machines.
          globalSetup: ['src/server/testing/global-setup.ts'],
          maxWorkers: 2,
          // Files share a worker and the modules it loaded: the server is imported once per worker, not once per file
          // (about 1.4 s of worker time each). Server state lives in each file's own app (createTestApp), and
          // per-file-reset.ts undoes what a file changes in the process; decision 016.
          isolate: false,
          setupFiles: ['src/server/testing/per-file-reset.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
