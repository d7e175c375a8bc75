import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The integration suite on one database: each file gets a fresh one, copied from a template the
 * project's global setup migrates once per run (apps/server/test/global-setup.ts).
 */
function integration(name: string, env: Record<string, string>): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: ['apps/server/**/*.test.ts'],
      exclude: ['**/node_modules/**', '**/*.unit.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env,
      globalSetup: ['apps/server/test/global-setup.ts'],
      // One module graph per worker: the server's ~300 modules are imported once per worker, not once
      // per file (a whole vitest run 1480 s -> 972 s, CPU 2544 s -> 1580 s, session 57; each file still
      // builds its own app on its own database). docs/decisions/0076-fast-feedback-and-template-databases.md
      isolate: false,
    },
  };
}

// `integration` runs where TEST_DB points (PGlite unless TEST_DB=postgres). With TEST_DATABASE_URL
// set and TEST_DB not, as scripts/test-integration.mjs does for `npm test`, `integration-pg` runs
// the same files on PostgreSQL (+ Redis with TEST_REDIS_URL) in the same run, side by side.
const onPostgres = process.env.TEST_DB === 'postgres';
const bothPasses = !onPostgres && Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Two cores: the files of every project share them (docs/decisions/0076-fast-feedback-and-template-databases.md).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.unit.test.ts', 'apps/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', 'apps/web/**'],
          // As the integration projects: one module graph per worker (17 s -> 6 s alone).
          isolate: false,
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
          // One module graph and one jsdom per worker, not per file (alone: 117 s -> 23 s, CPU 218 s ->
          // 37 s). setup.ts resets what a file leaves (DOM, MSW handlers, localStorage); the files that
          // stub globals or spy restore them. Checked in shuffled file orders on one worker.
          isolate: false,
          // Beside the integration files on two cores a page can take seconds to render (setup.ts).
          testTimeout: 30_000,
        },
      },
      integration('integration', onPostgres ? { TEST_DB: 'postgres' } : { TEST_DB: 'pglite', TEST_DATABASE_URL: '', TEST_REDIS_URL: '' }),
      ...(bothPasses ? [integration('integration-pg', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
