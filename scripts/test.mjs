// `npm test`: every check and every test, in three phases that keep both cores busy
// (docs/decisions/0076-fast-feedback-and-template-databases.md):
//   1. static  - lint (eslint, knip), type-check (tsc -b) and the web app's build, side by side;
//   2. vitest  - unit, web and integration tests in one run; the integration files on PGlite and,
//                with DATABASE_URL (and REDIS_URL) set, on PostgreSQL (+ Redis) share the workers;
//   3. e2e     - the browser journeys in Chromium against the build of phase 1.
// A phase starts when the one before passed. e2e beside vitest was measured and is slower: both
// are bound by the CPU, and together they pushed the box's load to ~10, so every test took longer
// and timing-bound ones failed (docs/decisions/0076). The time of each phase (and of each step of
// a phase that runs several) is printed at the end, and appended to $PHASE_TIMES_FILE when set
// (.ci/run prints it with its own phases).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { testEnv } from './test-env.mjs';

const { DATABASE_URL, REDIS_URL } = process.env;
const env = testEnv();

const phases = [
  {
    name: 'static (lint, type-check, build)',
    steps: [
      ['lint', 'npm', ['run', 'lint']],
      ['typecheck', 'npm', ['run', 'typecheck']],
      ['build', 'npm', ['run', 'build']],
    ],
  },
  { name: `vitest (unit, web, integration on PGlite${DATABASE_URL ? ` and PostgreSQL${REDIS_URL ? ' + Redis' : ''}` : ''})`, steps: [['vitest', 'npx', ['vitest', 'run']]] },
  { name: 'e2e (Chromium)', steps: [['e2e', 'npm', ['test', '-w', '@funkeln/e2e']]] },
];

/** Runs a command; its output is shown as it comes, each line prefixed when steps run side by side. */
function run([label, cmd, args], prefixed) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefixed) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${label}] ${rest}\n`));
      }
    }
    child.on('close', (code) => resolve({ label, code: code ?? 1, seconds: (performance.now() - start) / 1000 }));
  });
}

const times = [];
const report = () => {
  const line = ({ name, seconds, ok }) => `${ok ? 'ok  ' : 'FAIL'} ${String(seconds.toFixed(0)).padStart(5)} s  ${name}`;
  const lines = times.flatMap((phase) => [line(phase), ...phase.steps.map((step) => `  ${line(step)}`)]);
  console.log(`\n=== npm test: time per phase ===\n${lines.join('\n')}`);
  if (process.env.PHASE_TIMES_FILE) appendFileSync(process.env.PHASE_TIMES_FILE, lines.map((l) => `${l}\n`).join(''));
};

for (const phase of phases) {
  console.log(`\n=== ${phase.name} ===\n`);
  const start = performance.now();
  const results = await Promise.all(phase.steps.map((step) => run(step, phase.steps.length > 1)));
  const failed = results.filter((r) => r.code !== 0);
  const steps = results.length > 1 ? results.map((r) => ({ name: r.label, seconds: r.seconds, ok: r.code === 0 })) : [];
  times.push({ name: phase.name, seconds: (performance.now() - start) / 1000, ok: failed.length === 0, steps });
  if (failed.length > 0) {
    console.error(`\n${failed.map((r) => r.label).join(', ')} failed`);
    report();
    process.exit(1);
  }
}
report();
