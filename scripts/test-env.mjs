// The environment of the test processes: the tests never read DATABASE_URL / REDIS_URL themselves;
// the PostgreSQL (+ Redis) pass gets them as TEST_DATABASE_URL / TEST_REDIS_URL (vitest.config.ts).
export function testEnv(env = process.env) {
  const { DATABASE_URL, REDIS_URL, ...rest } = env;
  if (!DATABASE_URL) return rest;
  return { ...rest, TEST_DATABASE_URL: DATABASE_URL, ...(REDIS_URL ? { TEST_REDIS_URL: REDIS_URL } : {}) };
}
