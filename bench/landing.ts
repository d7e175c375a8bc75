/**
 * bench/landing: the landing page's performance budget, measured on the built app served by a
 * real server process (apps/server/src/main.ts on a fresh embedded database in a temp DATA_DIR).
 *
 * JavaScript: `/` is loaded by a visitor (no token) in headless Chromium until network idle; every
 * JavaScript response is gzipped here with zlib level 9 and summed (1 KB = 1000 bytes, as Vite
 * prints), so the figure does not depend on how the server compresses. The bytes actually
 * transferred (with the Content-Encoding the server chose) are printed beside it.
 *
 * Lighthouse: lighthouse 12 with its default config (mobile form factor and emulation, simulated
 * throttling; the preset is printed and recorded), performance category only, Chromium started by
 * chrome-launcher with a fresh profile for each of 3 runs; the median score and its FCP, LCP, TBT
 * and CLS are recorded.
 *
 * Reproduce: `npm run bench:landing` (builds the web app first), or `npx tsx bench/landing.ts
 * [--runs 3] [--dry]` on an existing build. `--dry` prints only and leaves bench/RESULTS.md alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startServerProcess } from '../apps/server/test/server-process.js';
import { MACHINE, recordResult } from './results.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    dry: { type: 'boolean', default: false },
  },
});

const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const JS_BUDGET_BYTES = 120_000;
const SCORE_TARGET = 95;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

interface Chunk {
  path: string;
  raw: number;
  gzip9: number;
  transferred: number;
  encoding: string;
}

async function measureJavaScript(base: string): Promise<Chunk[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const pending: Promise<Chunk | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !contentType.includes('javascript')) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            path: new URL(response.url()).pathname,
            raw: body.length,
            gzip9: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'none',
          };
        })().catch(() => null),
      );
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByTestId('online-count').waitFor();
    const chunks = (await Promise.all(pending)).filter((c): c is Chunk => c !== null);
    return chunks.sort((a, b) => b.gzip9 - a.gzip9);
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  preset: string;
}

async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROME_FLAGS.filter((flag) => flag !== '--headless'), '--headless=new'], logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`no performance score: ${JSON.stringify(lhr.runtimeError ?? lhr.runWarnings)}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const s = lhr.configSettings;
    const t = s.throttling;
    const preset =
      `lighthouse ${lhr.lighthouseVersion} default: ${s.formFactor} (${s.screenEmulation.width}x${s.screenEmulation.height}), ` +
      `${s.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${t.throughputKbps} kbit/s, CPU x${t.cpuSlowdownMultiplier})`;
    return { score: Math.round(score * 100), fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), preset };
  } finally {
    chrome.kill();
  }
}

function printChunks(chunks: Chunk[]): void {
  console.log('\nJavaScript loaded by / (visitor, until network idle):');
  console.log('chunk'.padEnd(48), 'raw KB'.padStart(8), 'gzip-9 KB'.padStart(10), 'sent KB'.padStart(9), ' encoding');
  for (const c of chunks) {
    console.log(c.path.padEnd(48), kb(c.raw).padStart(8), kb(c.gzip9).padStart(10), kb(c.transferred).padStart(9), ` ${c.encoding}`);
  }
}

const sum = (chunks: Chunk[], key: 'raw' | 'gzip9' | 'transferred') => chunks.reduce((total, c) => total + c[key], 0);
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-landing-'));
  const port = String(await freePort());
  const server = await startServerProcess({ DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` }, port);
  try {
    const chunks = await measureJavaScript(server.base);
    printChunks(chunks);
    const gzip = sum(chunks, 'gzip9');
    console.log(`total: ${chunks.length} chunks, ${kb(sum(chunks, 'raw'))} KB raw, ${kb(gzip)} KB gzip-9, ${kb(sum(chunks, 'transferred'))} KB transferred (budget < ${kb(JS_BUDGET_BYTES)} KB gzip)`);

    const runs: LighthouseRun[] = [];
    for (let i = 0; i < Number(args.runs); i++) {
      const run = await runLighthouse(`${server.base}/`);
      runs.push(run);
      console.log(`lighthouse run ${i + 1}: score ${run.score}, FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}`);
    }
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    if (!median) throw new Error('no lighthouse run');
    console.log(`lighthouse median: ${median.score} (target >= ${SCORE_TARGET}); ${median.preset}`);

    if (args.dry) return;
    const base = { benchmark: 'landing', machine: MACHINE, reproduce: 'npm run bench:landing' };
    const list = chunks.map((c) => `${c.path.replace(/^\/assets\//, '')} ${kb(c.gzip9)}`).join(', ');
    await recordResult({
      ...base,
      metric: 'JavaScript loaded by / for a visitor until network idle (gzip -9, 1 KB = 1000 B)',
      value: `${kb(gzip)} KB in ${chunks.length} chunks (${list}); ${kb(sum(chunks, 'transferred'))} KB transferred`,
      target: `< ${kb(JS_BUDGET_BYTES)} KB gzip`,
    });
    await recordResult({
      ...base,
      metric: `Lighthouse performance score of / (median of ${runs.length}, Chromium)`,
      value: `${median.score} (runs ${runs.map((r) => r.score).join('/')}; median run FCP ${ms(median.fcp)}, LCP ${ms(median.lcp)}, TBT ${median.tbt.toFixed(0)} ms, CLS ${median.cls.toFixed(3)}; ${median.preset})`,
      target: `>= ${SCORE_TARGET}`,
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
