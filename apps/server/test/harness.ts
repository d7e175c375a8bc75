import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container, type ContainerOverrides } from '../src/container.js';
import { createTestDb } from './test-db.js';

export const PUBLIC_URL = 'http://funkeln.test';
const silent = { warn: () => undefined, error: () => undefined };

export interface TestApp {
  app: FastifyInstance;
  c: Container;
  close(): Promise<void>;
}

/**
 * A whole app on a fresh database (PGlite, or PostgreSQL when TEST_DB=postgres) with Redis
 * under a key prefix of its own when TEST_REDIS_URL is set. env overrides configuration.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
  overrides: ContainerOverrides = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`,
    ...env,
  });
  const c = createContainer(config, db, silent, overrides);
  const app = await buildApp(c, { logger: false, presenceIntervalMs: 50, ...options });
  await app.ready();
  return {
    app,
    c,
    async close() {
      await app.close();
      await c.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid e-mail address per call. */
export function uniqueEmail(label = 'member'): string {
  counter += 1;
  return `${label}.${counter}.${randomBytes(3).toString('hex')}@example.org`;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Registers through the API and returns the session token. */
export async function register(app: FastifyInstance, email = uniqueEmail(), password = 'geheim123', displayName = 'Test Mitglied') {
  // Each registration from its own address, so the per-IP registration limit stays out of the way.
  const remoteAddress = `10.${counter % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password, displayName }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email, password, token: res.json<{ token: string }>().token };
}
