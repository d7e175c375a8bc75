import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.unit.test.ts', 'apps/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', 'apps/web/**'],
        },
      },
      {
        // The web app's logic and components in a DOM: Testing Library, the API answered by MSW.
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
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
