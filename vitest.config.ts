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
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
