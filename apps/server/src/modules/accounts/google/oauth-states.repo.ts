import type { Queryable } from '../../../db/client.js';

export async function saveOauthState(q: Queryable, s: { stateHash: string; codeVerifier: string; nonce: string; ttlSeconds: number }) {
  await q.query(
    `INSERT INTO oauth_states (state_hash, code_verifier, nonce, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [s.stateHash, s.codeVerifier, s.nonce, s.ttlSeconds],
  );
  await q.query('DELETE FROM oauth_states WHERE expires_at < now()');
}

/** Single use: the row is deleted as it is read; an expired one counts as missing. */
export async function takeOauthState(q: Queryable, stateHash: string) {
  const rows = await q.query<{ code_verifier: string; nonce: string }>(
    'DELETE FROM oauth_states WHERE state_hash = $1 AND expires_at > now() RETURNING code_verifier, nonce',
    [stateHash],
  );
  return rows[0];
}
