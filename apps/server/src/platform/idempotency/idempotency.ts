import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../http/errors.js';
import * as repo from './idempotency.repo.js';

export interface IdempotentRequest {
  memberId: string;
  /** The Idempotency-Key header; without one the request simply runs. */
  key: string | undefined;
  /** What the request asks for (route and body): the same key with another one is a 409. */
  operation: string;
  body: unknown;
}

/**
 * Runs a spending, claiming or buying request in one transaction with its Idempotency-Key: the
 * change is made, then the key is stored with its answer in the same transaction, and a later
 * request with the key gets that answer again. A duplicate running at the same moment waits on the
 * unique key (or earlier, on the same wallet or row), finds it taken once the first commits, rolls
 * its own change back and answers what the first stored; so does one that failed meanwhile (a 402
 * because the first spent the credits, a duplicate row). A refused request (4xx) stores
 * nothing, so it can be retried once the reason is gone. Storing the key last is one statement
 * where claiming it first and filling in the answer later was two.
 */
export async function runIdempotent<T>(db: Db, req: IdempotentRequest, fn: (tx: Tx) => Promise<T>): Promise<{ result: T; replayed: boolean }> {
  const { key } = req;
  if (key === undefined) return { result: await db.transaction(fn), replayed: false };
  const fingerprint = fingerprintOf(req);
  try {
    const result = await db.transaction(async (tx) => {
      const answer = await fn(tx);
      if (!(await repo.storeKey(tx, req.memberId, key, fingerprint, answer))) throw new KeyTaken();
      return answer;
    });
    return { result, replayed: false };
  } catch (err) {
    // Rolled back: a request with this key that committed meanwhile answers for this one (when the
    // key cannot be read either, the first failure is the answer).
    const prior = await repo.findKey(db, req.memberId, key).catch(() => undefined);
    if (!prior) throw err;
    if (prior.fingerprint !== fingerprint) throw conflict();
    return { result: prior.response as T, replayed: true };
  }
}

/** The key was stored by another request with it while this one ran (its change is rolled back). */
class KeyTaken extends Error {
  constructor() {
    super('the idempotency key was taken by a concurrent request');
  }
}

function fingerprintOf(req: IdempotentRequest): string {
  return createHash('sha256').update(req.operation).update('\0').update(JSON.stringify(req.body ?? null)).digest('base64url');
}

const conflict = () => new AppError('idempotency_conflict');

/**
 * The stored answer to a request with this key, if there is one (409 for another body): for
 * requests that must not redo slow work (a model call) before they reach their transaction.
 */
export async function storedAnswer<T>(db: Db, req: IdempotentRequest): Promise<T | undefined> {
  if (req.key === undefined) return undefined;
  const prior = await repo.findKey(db, req.memberId, req.key);
  if (!prior) return undefined;
  if (prior.fingerprint !== fingerprintOf(req)) throw conflict();
  return prior.response as T;
}
