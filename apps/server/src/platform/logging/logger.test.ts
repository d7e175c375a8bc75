import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.js';
import type { Db } from '../../db/client.js';
import { createLogger } from './logger.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger({ logLevel: 'info' }, stream), lines };
}

describe('the logger', () => {
  it('logs a database error by message and code, without the values the driver attached', async () => {
    const secret = 'geheim-parameter-42';
    await db.query('CREATE TABLE log_probe (x text UNIQUE)');
    await db.query('INSERT INTO log_probe (x) VALUES ($1)', [secret]);
    const err = await db.query('INSERT INTO log_probe (x) VALUES ($1)', [secret]).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    // The driver really carries the value (PGlite: params; both: detail), so the test can fail.
    expect(JSON.stringify(Object.entries(err as object))).toContain(secret);

    const { log, lines } = capture();
    log.error({ err: new Error('request failed', { cause: err }) }, 'unhandled error');
    const line = lines.join('');
    expect(line).not.toContain(secret);
    const entry = JSON.parse(line) as { level: string; msg: string; err: { message: string; cause: { code: string; constraint: string; message: string } } };
    expect(entry).toMatchObject({ level: 'error', msg: 'unhandled error' });
    expect(entry.err.cause).toMatchObject({ code: '23505', constraint: 'log_probe_x_key' });
    expect(entry.err.cause.message).toMatch(/duplicate key/);
  });

  it('never writes secrets from URLs or credential fields', () => {
    const { log, lines } = capture();
    log.info({ req: { method: 'GET', url: '/api/photos/1/large?scope=owner&exp=1&sig=SIGNATUR&x=1', ip: '127.0.0.1' } }, 'incoming request');
    log.info({ req: { method: 'GET', url: '/login?state=STATUS&code=CODE&token=TOKEN' } }, 'incoming request');
    log.info({ body: { password: 'PASSWORT', newPassword: 'NEU', token: 'MAILTOKEN' } }, 'oops');
    const text = lines.join('');
    for (const secret of ['SIGNATUR', 'STATUS', 'CODE', 'TOKEN', 'PASSWORT', 'NEU', 'MAILTOKEN']) expect(text).not.toContain(secret);
    expect(text).toContain('sig=***&x=1');
  });
});
