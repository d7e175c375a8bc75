/**
 * bench/moderation: how often the photo moderation holds an ordinary, clothed picture (its false-positive
 * rate). Each sample (bench/moderation-samples.ts) goes the upload's way: re-encoded by the image pipeline,
 * its 1080 px JPEG classified by the real nsfwjs worker (MobileNetV2, tfjs-wasm), then decided by
 * decision.ts at the thresholds before issue 56 and at today's defaults (settings), plus a sweep of the
 * review threshold. Writes every sample's class scores and the rates to bench/RESULTS.md.
 * There are no explicit samples (the project ships none): what an explicit picture scores is the
 * scripted part of the tests (photos.test.ts). Reproduce: `npm run bench:moderation`.
 */
import { settingDefinitions } from '@funkeln/contracts/settings';
import { processImage } from '../apps/server/src/modules/photos/image-pipeline.js';
import { decide, nsfwClasses, type ModerationThresholds, type NsfwScores } from '../apps/server/src/modules/photos/moderation/decision.js';
import { createNsfwModerator } from '../apps/server/src/modules/photos/moderation/moderator.js';
import { createFaceEngine } from '../apps/server/src/modules/verification/face/face-engine.js';
import { ordinarySamples } from './moderation-samples.js';
import { MACHINE, replaceResults, type BenchResult } from './results.js';

const BENCH = 'moderation';
const REPRODUCE = 'npm run bench:moderation';
/** The defaults until issue 56 item 12. */
const before: ModerationThresholds = { rejectAt: 0.8, reviewAt: 0.3 };
const now: ModerationThresholds = {
  rejectAt: Number(settingDefinitions.MODERATION_REJECT_THRESHOLD.default),
  reviewAt: Number(settingDefinitions.MODERATION_REVIEW_THRESHOLD.default),
};
const sweep = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

const pct = (n: number, of: number) => `${n} of ${of} (${((100 * n) / of).toFixed(1)} %)`;
const fmt = (scores: NsfwScores) => nsfwClasses.map((c) => `${c} ${scores[c].toFixed(3)}`).join(', ');

async function main(): Promise<void> {
  const engine = createFaceEngine({ timeoutMs: 120_000 });
  const moderator = createNsfwModerator({ timeoutMs: 120_000 });
  const samples = await ordinarySamples(engine);
  await engine.close();
  const scored: { name: string; scores: NsfwScores }[] = [];
  for (const s of samples) {
    const { large } = await processImage(s.image);
    scored.push({ name: s.name, scores: await moderator.classify(large) });
  }
  await moderator.close();

  const rows: BenchResult[] = [];
  const row = (metric: string, value: string, target = '-') => rows.push({ benchmark: BENCH, metric, value, target, machine: MACHINE, reproduce: REPRODUCE });
  const statuses = (t: ModerationThresholds) => scored.map((s) => decide(s.scores, t).status);
  const n = scored.length;
  const [was, is] = [statuses(before), statuses(now)];
  console.log(`${'sample'.padEnd(34)} ${nsfwClasses.map((c) => c.padStart(8)).join('')}   before   now`);
  for (const [i, s] of scored.entries()) {
    console.log(`${s.name.padEnd(34)} ${nsfwClasses.map((c) => s.scores[c].toFixed(3).padStart(8)).join('')}   ${was[i]!.padEnd(8)} ${is[i]}`);
    row(`scores: ${s.name}`, fmt(s.scores));
  }
  for (const [label, t] of [['before issue 56 (review 0.3, reject 0.8)', before], [`defaults now (review ${now.reviewAt}, reject ${now.rejectAt})`, now]] as const) {
    const st = statuses(t);
    const held = st.filter((s) => s !== 'approved').length;
    const rejected = st.filter((s) => s === 'rejected').length;
    const target = t === now ? 'as few as explicit pictures allow' : '-';
    row(`ordinary pictures held (review or reject), ${label}`, pct(held, n), target);
    row(`ordinary pictures rejected outright, ${label}`, pct(rejected, n), target === '-' ? '-' : '0');
    console.log(`${label}: held ${pct(held, n)}, rejected ${pct(rejected, n)}`);
  }
  const swept = sweep.map((reviewAt) => `${reviewAt}: ${statuses({ rejectAt: 1, reviewAt }).filter((s) => s !== 'approved').length}`).join(', ');
  row('ordinary pictures held per review threshold (of the samples)', `${swept} (of ${n})`);
  console.log(`held per review threshold: ${swept} (of ${n})`);
  await replaceResults(BENCH, rows);
}

await main();
