import type { Queryable } from '../../../db/client.js';
import { now, secondsFromNow, typed } from '../../../db/kysely.js';

export async function saveOauthState(q: Queryable, s: { stateHash: string; codeVerifier: string; nonce: string; ttlSeconds: number }) {
  const k = typed(q);
  await k
    .insertInto('oauth_states')
    .values({ state_hash: s.stateHash, code_verifier: s.codeVerifier, nonce: s.nonce, expires_at: secondsFromNow(s.ttlSeconds) })
    .execute();
  await k.deleteFrom('oauth_states').where('expires_at', '<', now()).execute();
}

/** Single use: the row is deleted as it is read; an expired one counts as missing. */
export function takeOauthState(q: Queryable, stateHash: string) {
  return typed(q)
    .deleteFrom('oauth_states')
    .where('state_hash', '=', stateHash)
    .where('expires_at', '>', now())
    .returning(['code_verifier', 'nonce'])
    .executeTakeFirst();
}
