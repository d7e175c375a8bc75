import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container, type ContainerOverrides } from '../src/container.js';
import { createPostgresDb, type Db } from '../src/db/client.js';
import { createTestDb } from './test-db.js';

export const PUBLIC_URL = 'http://funkeln.test';
const silent = { warn: () => undefined, error: () => undefined };

export interface TestApp {
  app: FastifyInstance;
  c: Container;
  close(): Promise<void>;
}

/**
 * An app on an existing database with a DATA_DIR of its own, and Redis under a key prefix of its
 * own when TEST_REDIS_URL is set. env overrides configuration; close() leaves the database open.
 */
export async function createAppOn(
  db: Db,
  env: Record<string, string> = {},
  options: AppOptions = {},
  overrides: ContainerOverrides = {},
): Promise<TestApp> {
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
  // Every error answer's code must be one its route declares (errorResponses): collected here, failed on close.
  const undeclared: string[] = [];
  const app = await buildApp(c, { logger: false, presenceIntervalMs: 50, onUndeclaredError: (report) => undeclared.push(report), ...options });
  await app.ready();
  return {
    app,
    c,
    async close() {
      await app.close();
      await c.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (undeclared.length > 0) throw new Error(`Error codes the routes do not declare:\n${[...new Set(undeclared)].join('\n')}`);
    },
  };
}

/** Listens on a free loopback port (for sockets and real HTTP clients); answers the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A whole app on a fresh database (PGlite, or PostgreSQL when TEST_DB=postgres). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
  overrides: ContainerOverrides = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  const t = await createAppOn(db, env, options, overrides);
  return {
    ...t,
    async close() {
      await t.close();
      await drop();
    },
  };
}

/**
 * One more app node on a shared test database, as another server process would have it: its own
 * pool (and DATABASE_URL) on PostgreSQL; on PGlite the nodes share the one in-process database.
 */
export async function createNode(
  shared: { db: Db; url: string | undefined },
  env: Record<string, string> = {},
  overrides: ContainerOverrides = {},
): Promise<TestApp> {
  const db = shared.url ? createPostgresDb(shared.url) : shared.db;
  const node = await createAppOn(db, { ...(shared.url ? { DATABASE_URL: shared.url } : {}), ...env }, {}, overrides);
  return {
    ...node,
    async close() {
      await node.close();
      if (db !== shared.db) await db.close();
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
export async function register(app: FastifyInstance, email = uniqueEmail(), password = 'Kiwi-Wolke-Geheim-42', displayName = 'Test Mitglied') {
  // Each registration from its own address, so the per-IP registration limit stays out of the way.
  const remoteAddress = `10.${counter % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password, displayName }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email, password, token: res.json<{ token: string }>().token };
}
