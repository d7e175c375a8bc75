/**
 * bench/classifier: the message screening (issue 57 items 6 and 7; docs/SAFETY.md) measured offline.
 * False positives: every ordinary German text the project has (demo profile texts, the message
 * bodies of the tests and e2e specs, the Digital Friend's offline replies, the web app's strings)
 * through the classifier ("Bist du sicher?") and the scam hints. Catch rate: the samples of
 * bench/classifier-samples.ts. Prints each miss and each false positive; writes the rates to
 * bench/RESULTS.md. Reproduce: `npm run bench:classifier`.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aboutMe, lookingFor } from '../apps/server/src/demo/demo-texts.js';
import { createRng } from '../apps/server/src/demo/random.js';
import { createClassifier } from '../apps/server/src/modules/messages/screening/classifier.js';
import { detectScam } from '../apps/server/src/modules/messages/screening/scam-detector.js';
import { abusiveSamples, scamSamples } from './classifier-samples.js';
import { MACHINE, replaceResults, type BenchResult } from './results.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH = 'classifier';
const REPRODUCE = 'npm run bench:classifier';
/** The screening's own tests and samples hold the abusive texts on purpose. */
const OWN = /screening|message-screening|nudge|classifier/u;

async function files(dir: string, match: RegExp): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && match.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !OWN.test(relative(ROOT, f)));
}

/** String literals of at least two words in the files (what members or the companion would read or write). */
async function literals(paths: string[], pattern: RegExp): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) for (const m of (await readFile(path, 'utf8')).matchAll(pattern)) if (m[1] && /\p{L}+\s+\p{L}+/u.test(m[1])) out.push(m[1]);
  return [...new Set(out)];
}

function demoTexts(): string[] {
  const out = new Set<string>();
  for (let seed = 1; seed <= 3000; seed++) {
    const rng = createRng(seed);
    out.add(aboutMe(rng, (['female', 'male', 'diverse'] as const)[seed % 3]!));
    out.add(lookingFor(rng));
  }
  return [...out];
}

async function corpora(): Promise<[string, string[]][]> {
  const tests = [...(await files('apps/server/src', /\.test\.ts$/u)), ...(await files('e2e/specs', /\.ts$/u)), ...(await files('apps/web/src', /\.test\.tsx?$/u))];
  return [
    ['demo profile texts', demoTexts()],
    ['message bodies in tests and e2e specs', await literals(tests, /(?:body: |\.fill\(|\.type\([^,()]+, )'([^'\n]+)'/gu)],
    ['Digital Friend offline replies', await literals(await files('apps/server/src/modules/companion', /^(embedded-engine|persona|reflect)\.ts$/u), /['`]([^'`\n$]{15,})['`]/gu)],
    ['web app strings (de.ts)', await literals([join(ROOT, 'apps/web/src/i18n/de.ts'), join(ROOT, 'apps/web/src/i18n/de-shell.ts')], /'([^'\n]{10,})'/gu)],
  ];
}

const pct = (n: number, of: number) => `${n} of ${of} (${of === 0 ? '0.0' : ((100 * n) / of).toFixed(1)} %)`;

const classifier = createClassifier();
const results: BenchResult[] = [];
const row = (metric: string, value: string, target: string) => results.push({ benchmark: BENCH, metric, value, target, machine: MACHINE, reproduce: REPRODUCE });

let ordinaryTotal = 0;
let ordinaryNudged = 0;
for (const [name, texts] of await corpora()) {
  const nudged = texts.filter((t) => classifier.classify(t) !== null);
  const money = texts.filter((t) => detectScam(t).hint === 'money');
  const contact = texts.filter((t) => detectScam(t).hint === 'contact');
  ordinaryTotal += texts.length;
  ordinaryNudged += nudged.length;
  console.log(`\n${name}: ${texts.length} texts`);
  for (const t of nudged) console.log(`  nudge ${classifier.classify(t)?.reason}: ${t}`);
  for (const t of money) console.log(`  money hint: ${t}`);
  for (const t of contact) console.log(`  contact hint: ${t}`);
  row(`ordinary texts asked "Bist du sicher?": ${name}`, pct(nudged.length, texts.length), '0 %');
  row(`ordinary texts with a scam hint: ${name}`, `money ${pct(money.length, texts.length)}, off-platform ${pct(contact.length, texts.length)}`, 'money 0 %');
}
row('ordinary texts asked "Bist du sicher?": all', pct(ordinaryNudged, ordinaryTotal), '< 0.5 %');

const caught = abusiveSamples.filter((s) => classifier.classify(s.text)?.reason === s.expect);
const flaggedOtherwise = abusiveSamples.filter((s) => classifier.classify(s.text) !== null && classifier.classify(s.text)?.reason !== s.expect);
console.log(`\nabusive samples caught: ${caught.length} of ${abusiveSamples.length}`);
for (const s of abusiveSamples.filter((x) => !caught.includes(x))) console.log(`  missed (${s.expect}, got ${classifier.classify(s.text)?.reason ?? 'nothing'}): ${s.text}`);
row('abusive samples caught with the right reason (obfuscated insults, threats, sexual requests)', `${pct(caught.length, abusiveSamples.length)}; ${flaggedOtherwise.length} more flagged for another reason`, '>= 90 %');

const scamCaught = scamSamples.filter((s) => detectScam(s.text).hint === s.expect);
console.log(`\nscam samples caught: ${scamCaught.length} of ${scamSamples.length}`);
for (const s of scamSamples.filter((x) => !scamCaught.includes(x))) console.log(`  missed (${s.expect}, got ${detectScam(s.text).hint ?? 'nothing'}): ${s.text}`);
row('scam samples given the right hint (money, gift cards, crypto, IBAN; messenger, phone, e-mail, link)', pct(scamCaught.length, scamSamples.length), '>= 90 %');

const started = performance.now();
const runs = 2000;
for (let i = 0; i < runs; i++) {
  const text = abusiveSamples[i % abusiveSamples.length]!.text.repeat(8);
  classifier.classify(text);
  detectScam(text);
}
row('screening time per message (~200 characters)', `${((performance.now() - started) / runs).toFixed(3)} ms`, '< 1 ms');

await replaceResults(BENCH, results);
console.table(results.map((r) => ({ metric: r.metric, result: r.value })));
