import type { KnipConfig } from 'knip';

// `npm run lint` runs knip after ESLint: an unused file, export, type or dependency fails the lint.
// Entry points are what something outside the import graph starts: CLIs, workers loaded by URL,
// tests, benchmarks, the Playwright config. Plugins (vite, vitest, playwright, eslint) add their own.
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['bench/*.ts', 'bench/feed/load-worker.mjs', 'bench/realtime/client-worker.ts', 'scripts/*.{mjs,cjs}'],
      project: ['bench/**/*.{ts,mjs}', 'scripts/**/*.{mjs,cjs}', '*.ts'],
    },
    'packages/contracts': {
      entry: ['src/**/*.unit.test.ts'],
      project: ['src/**/*.ts'],
    },
    'apps/server': {
      entry: [
        'scripts/*.ts',
        'src/**/*.test.ts',
        'test/**/*.ts',
        'src/**/*.worker.mjs',
        // worker-entry.mjs loads the moderation worker by path (tsImport), which knip cannot follow.
        'src/modules/photos/moderation/worker-entry.mjs',
        'src/modules/photos/moderation/nsfw-worker.ts',
        'src/modules/verification/face/worker-entry.mjs',
        'src/modules/verification/face/face-worker.ts',
      ],
      project: ['src/**/*.{ts,mjs}', 'scripts/**/*.ts', 'test/**/*.ts'],
    },
    'apps/web': {
      entry: ['make-icons.ts', 'precompress.ts', 'src/**/*.test.{ts,tsx}', 'public/**/*.js'],
      project: ['src/**/*.{ts,tsx}', '*.ts', 'public/**/*.js'],
      ignoreDependencies: [
        // The root vitest.config.ts runs the web project in `environment: 'jsdom'`; knip credits that
        // config to the root workspace, not to apps/web where the dependency is declared.
        'jsdom',
      ],
    },
    e2e: {
      entry: ['specs/**/*.spec.ts'],
      project: ['**/*.{ts,mjs}'],
    },
  },
  // bench/pg-server.ts finds PostgreSQL's binaries through pg_config where they are not in Debian's place.
  ignoreBinaries: ['pg_config'],
};

export default config;
