import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const HEADER = `# Benchmark results

One row per figure; each benchmark rewrites its own rows when it runs. Reproduce with the command in
the last column (all run by \`npm run bench\`).

| benchmark | metric | result | target | machine | date | reproduce |
|---|---|---|---|---|---|---|
`;

/** The machine column of every row. */
export const MACHINE = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`;

export interface BenchResult {
  benchmark: string;
  metric: string;
  value: string;
  target: string;
  machine: string;
  reproduce: string;
}

/** Replaces this benchmark's row for the metric in bench/RESULTS.md (keeps the others). */
export async function recordResult(r: BenchResult): Promise<void> {
  await rewrite((line) => !line.startsWith(`| ${r.benchmark} | ${r.metric} |`), [r]);
}

/** Replaces every row of `benchmark` with `results` (a benchmark whose metrics are per sample: none of the last run's stay behind). */
export async function replaceResults(benchmark: string, results: BenchResult[]): Promise<void> {
  await rewrite((line) => !line.startsWith(`| ${benchmark} | `), results);
}

async function rewrite(keep: (line: string) => boolean, added: BenchResult[]): Promise<void> {
  const existing = await readFile(FILE, 'utf8').catch(() => HEADER);
  const rows = existing
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| benchmark') && !line.startsWith('|---'))
    .filter(keep);
  const date = new Date().toISOString().slice(0, 10);
  for (const r of added) rows.push(`| ${r.benchmark} | ${r.metric} | ${r.value} | ${r.target} | ${r.machine} | ${date} | \`${r.reproduce}\` |`);
  rows.sort();
  await writeFile(FILE, HEADER + rows.join('\n') + '\n');
}
