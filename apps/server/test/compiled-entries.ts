import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const CONTRACTS_SRC = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));

/** The programs the tests start as processes, by the path they are started with (relative to apps/server). */
export const PROCESS_ENTRIES = ['src/main.ts', 'src/cluster.ts', 'scripts/admin.ts', 'scripts/backup.ts', 'scripts/restore.ts', 'test/cluster-metrics-fixture.ts'] as const;
export type ProcessEntry = (typeof PROCESS_ENTRIES)[number];

/**
 * Our TypeScript (server and contracts) goes into the bundle, packages stay imports. Each file keeps
 * its own `import.meta.url`, so what it finds next to itself (the PGlite and model workers, the
 * migrations, the web build) is found where it is in the source tree.
 */
const ownSources: Plugin = {
  name: 'funkeln-own-sources',
  setup(b) {
    b.onResolve({ filter: /^@funkeln\/contracts\// }, (args) => ({ path: join(CONTRACTS_SRC, `${args.path.slice('@funkeln/contracts/'.length)}.ts`) }));
    b.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/**
 * The test run's server processes start from JavaScript compiled once per run instead of through tsx:
 * tsx's loader compiles and resolves each of ~300 files on every start (measured at a start on a
 * migrated DATA_DIR: 7.0 s of CPU and 4.7 s to ready through tsx, 4.4 s and 3.1 s compiled). `npm
 * start` keeps tsx; lifecycle.test.ts starts through it. `outDir` must lie under apps/server, so the
 * bundles resolve packages as the sources do (apps/server/node_modules first).
 */
export async function compileEntries(outDir: string): Promise<Record<ProcessEntry, string>> {
  await build({
    entryPoints: Object.fromEntries(PROCESS_ENTRIES.map((entry) => [entry.replace(/\.ts$/, ''), join(SERVER_DIR, entry)])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [ownSources],
    logLevel: 'error',
  });
  return Object.fromEntries(PROCESS_ENTRIES.map((entry) => [entry, join(outDir, entry.replace(/\.ts$/, '.mjs'))])) as Record<ProcessEntry, string>;
}
