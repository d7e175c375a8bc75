import type { Place } from '@funkeln/contracts/profiles';
import type { Queryable } from '../../db/client.js';
import type { PlaceRow } from './gazetteer.js';
import type { LatLon } from './snap.js';

const SEARCH_LIMIT = 10;

export async function hasPlaces(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM places) AS found');
  return rows[0]?.found === true;
}

export async function countPlaces(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>('SELECT count(*) AS n FROM places');
  return rows[0]?.n ?? 0;
}

/** Inserts rows (one statement, parameters as arrays); ids already present are skipped. */
export async function insertPlaces(q: Queryable, rows: PlaceRow[]): Promise<number> {
  const inserted = await q.query<{ id: number }>(
    `INSERT INTO places (id, name, region, country, search_name, lat, lon, population)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::int[])
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.name),
      rows.map((r) => r.region),
      rows.map((r) => r.country),
      rows.map((r) => r.searchName),
      rows.map((r) => r.lat),
      rows.map((r) => r.lon),
      rows.map((r) => r.population),
    ],
  );
  return inserted.length;
}

/**
 * Places whose folded name starts with any of the given prefixes (folded: a-z, 0-9 and spaces
 * only, so no LIKE wildcards), largest first. One LIKE per prefix keeps the btree
 * (text_pattern_ops) index usable.
 */
export async function searchPlaces(q: Queryable, prefixes: string[], limit = SEARCH_LIMIT): Promise<Place[]> {
  if (prefixes.length === 0) return [];
  const where = prefixes.map((_, i) => `search_name LIKE $${i + 1}`).join(' OR ');
  return q.query<Place>(
    `SELECT id, name, region FROM places WHERE ${where} ORDER BY population DESC, name, id LIMIT ${Number(limit)}`,
    prefixes.map((p) => `${escapeLike(p)}%`),
  );
}

export async function findPlace(q: Queryable, id: number): Promise<Place | undefined> {
  const rows = await q.query<Place>('SELECT id, name, region FROM places WHERE id = $1', [id]);
  return rows[0];
}

/** Snapped coordinates, for distances computed on the server only; never send these to a client. */
export async function findPlaceCoordinates(q: Queryable, id: number): Promise<LatLon | undefined> {
  const rows = await q.query<LatLon>('SELECT lat, lon FROM places WHERE id = $1', [id]);
  return rows[0];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
