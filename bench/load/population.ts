/**
 * The population of bench/load: `total` members generated set-based by bench/feed/population.ts
 * (ids from md5('fb:' || n)), 5 % of them entered in every Top10 category, and the simulated members
 * picked from it: complete profiles with a home town and an approved photo, men interested in women
 * and women interested in men, in matched pairs (mutual likes seeded, so their messages are
 * two-sided), each with a live session (token made here, only its hash stored, as SessionService
 * does) and bought credits booked through the app's ledger. The server is not running yet.
 */
import type { Db } from '../../apps/server/src/db/client.js';
import { SESSION_ABSOLUTE_SECONDS } from '../../apps/server/src/modules/auth/sessions.service.js';
import { PlacesService } from '../../apps/server/src/modules/places/places.service.js';
import { Ledger, SYSTEM_ACCOUNTS } from '../../apps/server/src/modules/wallet/ledger.service.js';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto/crypto.js';
import { generateBackground, generateMembers, memberId } from '../feed/population.js';

export interface SimMember {
  id: string;
  token: string;
  gender: 'male' | 'female';
  /** The matched member this one writes with (the neighbour in the arrival order). */
  partnerId: string;
  /** The client address the server is told (X-Forwarded-For), one per member. */
  ip: string;
}

const CONTESTANT_SHARE = 0.05;
/** Enough for 3 messages with a prepaid reply and a Digital Friend turn, with room to spare. */
const CREDITS = 300;
const CHUNK = 5000;

/** 10.x.y.z from the member's position: every simulated member its own address. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export async function generatePopulation(db: Db, total: number, log: (msg: string) => void): Promise<void> {
  const loaded = await new PlacesService(db).ensureLoaded();
  if (loaded > 0) log(`${loaded.toLocaleString('en')} places loaded`);
  const chunk = Math.min(100_000, Math.max(10_000, Math.ceil(total / 10)));
  await generateMembers(db, total, chunk, (done) => log(`  ${done.toLocaleString('en')} members`));
  await generateBackground(db, total, total, Math.round(total / 100), chunk);
  await db.query(
    `INSERT INTO photo_entries (user_id, category)
     SELECT ${memberId('g')}, c FROM generate_series(1, $1::int) g, unnest('{age,sex,face,full_body,vacation,bikini}'::text[]) c
      WHERE EXISTS (SELECT 1 FROM photos p WHERE p.user_id = ${memberId('g')} AND p.status = 'approved' AND p.disabled_at IS NULL)`,
    [Math.round(total * CONTESTANT_SHARE)],
  );
}

/**
 * After the bulk load, before the server starts: the planner's statistics (VACUUM ANALYZE), and the
 * load's dirty pages written out (CHECKPOINT). Without the checkpoint, the requested checkpoints of
 * the ~1 GB load ran on into the ramp and its first step's commits stalled (swipes p99 538 ms at
 * 4/s, in one run; two runs with it passed that step). Full-page images after a checkpoint still
 * slow commits later in the ramp, as after any checkpoint of a running server (issue 21's note).
 */
export async function settleAfterLoad(db: Db): Promise<void> {
  await db.query('VACUUM ANALYZE');
  await db.query('CHECKPOINT');
}

/** `count` (even) simulated members in arrival order: man, woman, man, woman ..., each pair matched. */
export async function createSimMembers(db: Db, count: number): Promise<SimMember[]> {
  const pick = (gender: string, other: string) =>
    db.query<{ id: string }>(
      `SELECT p.user_id AS id FROM profiles p
        WHERE p.gender = $1 AND p.interested_in = ARRAY[$2]::text[] AND p.birth_date IS NOT NULL AND p.place_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.user_id AND ph.status = 'approved' AND ph.disabled_at IS NULL)
        ORDER BY random() LIMIT $3`,
      [gender, other, count / 2],
    );
  const men = await pick('male', 'female');
  const women = await pick('female', 'male');
  const pairs = Math.min(men.length, women.length);
  if (pairs * 2 < count) throw new Error(`only ${pairs * 2} members fit as simulated members; need ${count} (more --members?)`);
  const members: SimMember[] = [];
  for (let i = 0; i < pairs; i++) {
    const man = men[i]!.id;
    const woman = women[i]!.id;
    members.push({ id: man, token: randomToken(), gender: 'male', partnerId: woman, ip: addressOf(2 * i + 1) });
    members.push({ id: woman, token: randomToken(), gender: 'female', partnerId: man, ip: addressOf(2 * i + 2) });
  }
  for (let from = 0; from < members.length; from += CHUNK) await prepareChunk(db, members.slice(from, from + CHUNK));
  return members;
}

async function prepareChunk(db: Db, chunk: SimMember[]): Promise<void> {
  const ids = chunk.map((m) => m.id);
  const partners = chunk.map((m) => m.partnerId);
  // Mutual likes and the match (both rows of each pair are in the same chunk: CHUNK is even).
  await db.query(`DELETE FROM blocks WHERE (blocker_id, blocked_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`, [ids, partners]);
  await db.query(
    `INSERT INTO swipes (id, actor_id, target_id, kind, created_at)
     SELECT gen_random_uuid(), a, b, 'like', now() - interval '1 day' FROM unnest($1::uuid[], $2::uuid[]) AS t(a, b)
     ON CONFLICT (actor_id, target_id) DO UPDATE SET kind = 'like'`,
    [ids, partners],
  );
  await db.query(
    `INSERT INTO matches (user_a, user_b)
     SELECT a, b FROM unnest($1::uuid[], $2::uuid[]) AS t(a, b) WHERE a < b
     ON CONFLICT DO NOTHING`,
    [ids, partners],
  );
  await db.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at)
     SELECT gen_random_uuid(), id, hash, now() + make_interval(secs => $3) FROM unnest($1::uuid[], $2::text[]) AS t(id, hash)`,
    [ids, chunk.map((m) => sha256(m.token)), SESSION_ABSOLUTE_SECONDS],
  );
  const ledger = new Ledger();
  await db.transaction(async (tx) => {
    for (const m of chunk) {
      await ledger.post(tx, {
        kind: 'purchase',
        legs: [
          { account: SYSTEM_ACCOUNTS.sales, amount: -CREDITS },
          { account: { wallet: m.id }, amount: CREDITS, free: 0 },
        ],
      });
    }
  });
}
