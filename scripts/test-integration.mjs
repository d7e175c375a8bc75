// The integration suite alone: on the embedded PGlite database and, when DATABASE_URL (and
// REDIS_URL) are set, on PostgreSQL (+ Redis) in the same vitest run (vitest.config.ts,
// projects `integration` and `integration-pg`). `npm test` runs it with the other tests.
import { spawnSync } from 'node:child_process';
import { testEnv } from './test-env.mjs';

const projects = ['--project', 'integration', ...(process.env.DATABASE_URL ? ['--project', 'integration-pg'] : [])];
const result = spawnSync('npx', ['vitest', 'run', ...projects], { stdio: 'inherit', env: testEnv() });
process.exit(result.status ?? 1);
