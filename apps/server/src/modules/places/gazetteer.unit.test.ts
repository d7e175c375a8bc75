import { describe, expect, it } from 'vitest';
import { toPlaceRow, type RawPlace } from './gazetteer.js';
import { regionLabel } from './regions.js';

const raw = (over: Partial<RawPlace>): RawPlace => ({
  id: 1,
  name: 'Ort',
  country: 'DE',
  adminCode: '02',
  population: 1000,
  lat: 48.13743,
  lon: 11.57549,
  ...over,
});

describe('toPlaceRow', () => {
  it('gives German names, regions and a search key, and snaps the coordinates', () => {
    expect(toPlaceRow(raw({ id: 2867714, name: 'Munich', population: 1260391 }))).toEqual({
      id: 2867714,
      name: 'München',
      region: 'Bayern',
      country: 'DE',
      searchName: 'munchen',
      lat: 48.141,
      lon: 11.57,
      population: 1260391,
    });
    expect(toPlaceRow(raw({ id: 2761369, name: 'Vienna', country: 'AT', adminCode: '09' }))).toMatchObject({
      name: 'Wien',
      region: 'Wien, Österreich',
      searchName: 'wien',
    });
  });

  it('skips places outside DE, AT and CH', () => {
    expect(toPlaceRow(raw({ country: 'FR' }))).toBeUndefined();
  });
});

describe('regionLabel', () => {
  it('names states plainly and Austrian and Swiss regions with their country', () => {
    expect(regionLabel('DE', '11')).toBe('Brandenburg');
    expect(regionLabel('DE', '16')).toBe('Berlin');
    expect(regionLabel('AT', '07')).toBe('Tirol, Österreich');
    expect(regionLabel('CH', 'ZH')).toBe('Zürich, Schweiz');
    expect(regionLabel('CH', 'TI')).toBe('Tessin, Schweiz');
  });

  it('falls back to the country for an unknown code', () => {
    expect(regionLabel('DE', '99')).toBe('Deutschland');
    expect(regionLabel('CH', '')).toBe('Schweiz');
  });
});
