// Runs the integration suite on the embedded PGlite database, and again on PostgreSQL + Redis
// when DATABASE_URL / REDIS_URL are set (as .ci/run does).
import { spawnSync } from 'node:child_process';

const { DATABASE_URL, REDIS_URL, ...rest } = process.env;
const passes = [{ name: 'PGlite (embedded)', env: { ...rest, TEST_DB: 'pglite' } }];
if (DATABASE_URL) {
  passes.push({
    name: `PostgreSQL${REDIS_URL ? ' + Redis' : ''}`,
    env: { ...rest, TEST_DB: 'postgres', TEST_DATABASE_URL: DATABASE_URL, ...(REDIS_URL ? { TEST_REDIS_URL: REDIS_URL } : {}) },
  });
}
for (const pass of passes) {
  console.log(`\n=== integration tests on ${pass.name} ===\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration'], { stdio: 'inherit', env: pass.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
