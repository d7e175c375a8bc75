import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.unit.test.ts', 'apps/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own fresh database; two workers suit the 2-core machines.
          maxWorkers: 2,
        },
      },
    ],
  },
});
