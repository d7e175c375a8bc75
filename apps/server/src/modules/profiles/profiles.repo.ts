import type { Gender } from '@funkeln/contracts/profiles';
import type { Queryable } from '../../db/client.js';

export interface ProfileRow {
  user_id: string;
  about_me: string;
  looking_for: string;
  birth_date: string | null;
  gender: Gender | null;
  interested_in: Gender[];
  age_min: number;
  age_max: number;
  place_id: number | null;
  share_enabled: boolean;
}

// birth_date as text: a DATE must not shift through a JS Date in some time zone.
const COLUMNS = `user_id, about_me, looking_for, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, gender,
  interested_in, age_min, age_max, place_id, share_enabled`;

export async function findProfile(q: Queryable, userId: string, forUpdate = false): Promise<ProfileRow | undefined> {
  const rows = await q.query<ProfileRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM profiles WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0];
}

export async function upsertProfile(q: Queryable, p: ProfileRow): Promise<void> {
  await q.query(
    `INSERT INTO profiles (user_id, about_me, looking_for, birth_date, gender, interested_in, age_min, age_max, place_id, share_enabled)
     VALUES ($1, $2, $3, $4::date, $5, $6::text[], $7, $8, $9, $10)
     ON CONFLICT (user_id) DO UPDATE SET about_me = EXCLUDED.about_me, looking_for = EXCLUDED.looking_for,
       birth_date = EXCLUDED.birth_date, gender = EXCLUDED.gender, interested_in = EXCLUDED.interested_in,
       age_min = EXCLUDED.age_min, age_max = EXCLUDED.age_max, place_id = EXCLUDED.place_id,
       share_enabled = EXCLUDED.share_enabled, updated_at = now()`,
    [p.user_id, p.about_me, p.looking_for, p.birth_date, p.gender, p.interested_in, p.age_min, p.age_max, p.place_id, p.share_enabled],
  );
}

export function emptyProfile(userId: string): ProfileRow {
  return {
    user_id: userId,
    about_me: '',
    looking_for: '',
    birth_date: null,
    gender: null,
    interested_in: [],
    age_min: 18,
    age_max: 99,
    place_id: null,
    share_enabled: true,
  };
}

/** The member's name, unless the member is suspended: then nobody sees the profile or share page. */
export async function findShownName(q: Queryable, userId: string): Promise<string | undefined> {
  const rows = await q.query<{ display_name: string }>('SELECT display_name FROM users WHERE id = $1 AND suspended_at IS NULL', [userId]);
  return rows[0]?.display_name;
}
