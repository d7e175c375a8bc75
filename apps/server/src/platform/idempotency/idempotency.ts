import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../errors.js';
import * as repo from './idempotency.repo.js';

export interface IdempotentRequest {
  userId: string;
  /** The Idempotency-Key header; without one the request simply runs. */
  key: string | undefined;
  /** What the request asks for (route and body): the same key with another one is a 409. */
  operation: string;
  body: unknown;
}

/**
 * Runs a spending, claiming or buying request in one transaction with its Idempotency-Key: the key
 * is claimed first (a concurrent duplicate waits on it), the answer is stored with the change, and
 * a later request with the key gets that answer again. A refused request (4xx) stores nothing, so
 * it can be retried once the reason is gone.
 */
export async function runIdempotent<T>(db: Db, req: IdempotentRequest, fn: (tx: Tx) => Promise<T>): Promise<{ result: T; replayed: boolean }> {
  const fingerprint = fingerprintOf(req);
  return db.transaction(async (tx) => {
    const { key } = req;
    if (key !== undefined && !(await repo.claimKey(tx, req.userId, key, fingerprint))) {
      const prior = await repo.findKey(tx, req.userId, key);
      if (prior && prior.fingerprint !== fingerprint) throw conflict();
      return { result: prior?.response as T, replayed: true };
    }
    const result = await fn(tx);
    if (key !== undefined) await repo.storeResponse(tx, req.userId, key, result);
    return { result, replayed: false };
  });
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
  const prior = await repo.findKey(db, req.userId, req.key);
  if (!prior) return undefined;
  if (prior.fingerprint !== fingerprintOf(req)) throw conflict();
  return prior.response as T;
}
