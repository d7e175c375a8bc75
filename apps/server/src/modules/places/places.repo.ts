import type { Place } from '@funkeln/contracts/profiles';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { PlaceRow } from './gazetteer.js';
import type { LatLon } from './snap.js';

const SEARCH_LIMIT = 10;
const LOAD_LOCK = 7_402_119; // advisory lock: one process loads the gazetteer (migrate uses 7_402_118)

export async function hasPlaces(q: Queryable): Promise<boolean> {
  const row = await typed(q).selectFrom('places').select(sql<number>`1`.as('found')).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function countPlaces(q: Queryable): Promise<number> {
  const row = await typed(q).selectFrom('places').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return row?.n ?? 0;
}

/** Waits for (and holds until the transaction ends) the one lock under which the gazetteer is loaded. */
export async function lockPlacesLoad(q: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`.execute(typed(q));
}

/** Inserts rows (one statement, parameters as arrays through unnest); ids already present are skipped. */
export async function insertPlaces(q: Queryable, rows: PlaceRow[]): Promise<number> {
  const inserted = await typed(q)
    .insertInto('places')
    .columns(['id', 'name', 'region', 'country', 'search_name', 'lat', 'lon', 'population'])
    .expression(
      sql`SELECT * FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.region)}::text[],
        ${rows.map((r) => r.country)}::text[], ${rows.map((r) => r.searchName)}::text[], ${rows.map((r) => r.lat)}::float8[],
        ${rows.map((r) => r.lon)}::float8[], ${rows.map((r) => r.population)}::int[])`,
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * Places whose folded name starts with any of the given prefixes (folded: a-z, 0-9 and spaces
 * only, so no LIKE wildcards), largest first. One LIKE per prefix keeps the btree
 * (text_pattern_ops) index usable.
 */
export async function searchPlaces(q: Queryable, prefixes: string[], limit = SEARCH_LIMIT): Promise<Place[]> {
  if (prefixes.length === 0) return [];
  return typed(q)
    .selectFrom('places')
    .select(['id', 'name', 'region'])
    .where((eb) => eb.or(prefixes.map((p) => eb('search_name', 'like', `${escapeLike(p)}%`))))
    .orderBy('population', 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findPlace(q: Queryable, id: number): Promise<Place | undefined> {
  return typed(q).selectFrom('places').select(['id', 'name', 'region']).where('id', '=', id).executeTakeFirst();
}

/** Snapped coordinates, for distances computed on the server only; never send these to a client. */
export function findPlaceCoordinates(q: Queryable, id: number): Promise<LatLon | undefined> {
  return typed(q).selectFrom('places').select(['lat', 'lon']).where('id', '=', id).executeTakeFirst();
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
