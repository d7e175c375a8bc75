import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGermanValidationMessages } from '@funkeln/contracts/locale';
import { registerErrorHandling } from '../../platform/http/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { countPlaces } from './places.repo.js';
import { placesRoutes } from './places.routes.js';
import { PlacesService } from './places.service.js';
import { LAT_STEP, LON_STEP } from './snap.js';

const POTSDAM = 2852458;

let t: TestApp;
let places: PlacesService;
let api: FastifyInstance;
let loaded: number[];

beforeAll(async () => {
  t = await createTestApp();
  places = new PlacesService(t.c.db);
  // Two services stand for two processes starting at once on a fresh database.
  loaded = await Promise.all([places.ensureLoaded(), new PlacesService(t.c.db).ensureLoaded()]);

  useGermanValidationMessages();
  api = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(api);
  await api.register(placesRoutes(places));
  await api.ready();
});
afterAll(async () => {
  await api.close();
  await t.close();
});

const names = async (q: string) => (await places.search(q)).map((p) => `${p.name} (${p.region})`);

describe('loading the gazetteer', () => {
  it('loads all DACH places once, even with two loaders at the same time', async () => {
    const count = await countPlaces(t.c.db);
    expect(count).toBeGreaterThan(10_000);
    expect(count).toBeLessThan(11_000);
    expect(loaded.sort((a, b) => a - b)).toEqual([0, count]);
    expect(await places.ensureLoaded()).toBe(0);
    expect(await new PlacesService(t.c.db).ensureLoaded()).toBe(0);
    expect(await countPlaces(t.c.db)).toBe(count);
  });

  it('leaves out city districts and covers all three countries', async () => {
    const rows = await t.c.db.query<{ country: string; n: number }>('SELECT country, count(*) AS n FROM places GROUP BY country ORDER BY country');
    expect(rows.map((r) => r.country)).toEqual(['AT', 'CH', 'DE']);
    // Every admin code of the data set has a German label (none fell back to the country).
    const unlabelled = await t.c.db.query("SELECT name FROM places WHERE region IN ('Deutschland', 'Österreich', 'Schweiz')");
    expect(unlabelled).toEqual([]);
    expect(await names('Hamburg-Nord')).toEqual([]);
    expect(await names('Zürich (Kreis')).toEqual([]);
  });

  it('stores only coordinates on the ~1 km grid', async () => {
    const offGrid = await t.c.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM places
       WHERE abs(lat / $1 - round(lat / $1)) > 1e-6 OR abs(lon / $2 - round(lon / $2)) > 1e-6`,
      [LAT_STEP, LON_STEP],
    );
    expect(offGrid[0]?.n).toBe(0);
    // GeoNames has Potsdam at 52.39886, 13.06566.
    expect(await places.coordinates(POTSDAM)).toEqual({ lat: 52.398, lon: 13.065 });
  });
});

describe('searching', () => {
  it('finds Potsdam in Brandenburg first for "Pots"', async () => {
    expect((await places.search('Pots'))[0]).toEqual({ id: POTSDAM, name: 'Potsdam', region: 'Brandenburg' });
  });

  it('finds München however the umlaut is typed, and by its English name', async () => {
    for (const q of ['munchen', 'München', 'Muenchen', 'MÜNCH', 'Munich']) {
      expect((await names(q))[0], q).toBe('München (Bayern)');
    }
  });

  it('finds Austrian and Swiss places with their country in the region', async () => {
    expect((await names('wien'))[0]).toBe('Wien (Wien, Österreich)');
    expect((await names('zür'))[0]).toBe('Zürich (Zürich, Schweiz)');
    expect((await names('Genf'))[0]).toBe('Genève (Genf, Schweiz)');
    expect(await names('St. Gallen')).toContain('Sankt Gallen (St. Gallen, Schweiz)');
    expect(await names('Halle Saale')).toContain('Halle (Saale) (Sachsen-Anhalt)');
  });

  it('answers at most 10 places, largest first, and nothing for unknown names', async () => {
    const result = await places.search('Ber');
    expect(result).toHaveLength(10);
    expect(result[0]?.name).toBe('Berlin');
    expect(await places.search('Xyzzy')).toEqual([]);
    expect(await places.search('%_')).toEqual([]);
  });

  it('gets one place by id, without coordinates', async () => {
    expect(await places.get(POTSDAM)).toEqual({ id: POTSDAM, name: 'Potsdam', region: 'Brandenburg' });
    expect(await places.get(1)).toBeUndefined();
  });
});

describe('GET /api/places', () => {
  it('answers id, name and region only', async () => {
    const res = await api.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent('  Pots ')}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/lat|lon|coord|population|search|country/i);
    const body = res.json<Record<string, unknown>[]>();
    expect(body[0]).toEqual({ id: POTSDAM, name: 'Potsdam', region: 'Brandenburg' });
    for (const p of body) expect(Object.keys(p).sort()).toEqual(['id', 'name', 'region']);
  });

  it('refuses a query of one letter, or none, in German', async () => {
    for (const url of ['/api/places?q=P', '/api/places?q=%20P%20', '/api/places']) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_error', message: expect.stringMatching(/^Ungültige Eingabe/) });
    }
    expect((await api.inject({ method: 'GET', url: `/api/places?q=${'a'.repeat(61)}` })).statusCode).toBe(400);
  });
});
