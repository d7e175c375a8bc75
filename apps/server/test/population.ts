import { randomBytes, randomUUID } from 'node:crypto';
import type { Gender } from '@funkeln/contracts/profiles';
import type { Queryable } from '../src/db/client.js';

export interface SeedMember {
  id?: string;
  gender: Gender;
  interestedIn: Gender[];
  birthDate: string;
  ageMin: number;
  ageMax: number;
  placeId: number | null;
  photo: 'approved' | 'pending' | 'rejected' | 'disabled' | 'none';
  lastActiveDaysAgo?: number;
  name?: string;
}

/** Inserts members straight into the tables (fast, for large random populations). */
export async function insertMembers(q: Queryable, members: SeedMember[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of members) {
    const id = m.id ?? randomUUID();
    ids.push(id);
    await q.query(
      `INSERT INTO users (id, email, email_verified, display_name, last_active_at)
       VALUES ($1, $2, true, $3, now() - make_interval(days => $4))`,
      [id, `pop.${randomBytes(6).toString('hex')}@example.org`, m.name ?? 'Mitglied', m.lastActiveDaysAgo ?? 0],
    );
    await q.query(
      `INSERT INTO profiles (user_id, birth_date, gender, interested_in, age_min, age_max, place_id)
       VALUES ($1, $2::date, $3, $4::text[], $5, $6, $7)`,
      [id, m.birthDate, m.gender, m.interestedIn, m.ageMin, m.ageMax, m.placeId],
    );
    if (m.photo !== 'none') {
      const status = m.photo === 'disabled' ? 'approved' : m.photo;
      const key = () => `${randomBytes(16).toString('hex')}.jpg`;
      await q.query(
        `INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height, disabled_at)
         VALUES ($1, $2, $3, $4, $5, $6, 100, 100, $7)`,
        [randomUUID(), id, status, key(), key(), key(), m.photo === 'disabled' ? new Date() : null],
      );
    }
  }
  return ids;
}
