/**
 * Members with live sessions for bench/realtime, set-based (INSERT ... SELECT FROM unnest in
 * chunks), never through registration: tokens are made here and only their SHA-256 is stored, as
 * SessionService does. The first `writers` members are women with a profile, so they can write
 * messages; their daily limit (WOMAN_DAILY_REPLY_LIMIT) is raised so the bench never reaches it.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../apps/server/src/db/client.js';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto/crypto.js';
import type { Member } from './protocol.js';

const CHUNK = 5000;

export async function createMembers(db: Db, total: number, writers: number): Promise<Member[]> {
  const members: Member[] = Array.from({ length: total }, () => ({ id: randomUUID(), token: randomToken() }));
  for (let from = 0; from < total; from += CHUNK) {
    const chunk = members.slice(from, from + CHUNK);
    const ids = chunk.map((m) => m.id);
    await db.query(
      `INSERT INTO users (id, email, email_verified, display_name)
       SELECT id, 'rt' || ($2::int + n) || '@bench.funkeln.test', true, 'Mitglied ' || ($2::int + n)
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [ids, from],
    );
    await db.query(
      `INSERT INTO sessions (id, user_id, token_hash, expires_at)
       SELECT gen_random_uuid(), id, hash, now() + interval '30 days'
         FROM unnest($1::uuid[], $2::text[]) AS t(id, hash)`,
      [ids, chunk.map((m) => sha256(m.token))],
    );
  }
  await db.query(
    `INSERT INTO profiles (user_id, birth_date, gender, interested_in)
     SELECT id, current_date - interval '30 years', 'female', '{male}' FROM unnest($1::uuid[]) AS t(id)`,
    [members.slice(0, writers).map((m) => m.id)],
  );
  await db.query(
    `INSERT INTO settings (key, value) VALUES ('WOMAN_DAILY_REPLY_LIMIT', '10000')
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
  );
  return members;
}
