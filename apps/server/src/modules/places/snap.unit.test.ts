import { describe, expect, it } from 'vitest';
import { haversineKm, LAT_STEP, LON_STEP, snapToGrid } from './snap.js';

const onGrid = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

describe('snapToGrid', () => {
  it('moves points in DACH latitudes by at most ~0.75 km onto the grid', () => {
    let worst = 0;
    let offGrid = 0;
    for (let lat = 45.8; lat <= 55.1; lat += 0.0371) {
      for (let lon = 5.9; lon <= 17.2; lon += 0.0419) {
        const s = snapToGrid(lat, lon);
        if (!onGrid(s.lat, LAT_STEP) || !onGrid(s.lon, LON_STEP)) offGrid += 1;
        worst = Math.max(worst, haversineKm({ lat, lon }, s));
      }
    }
    expect(offGrid).toBe(0);
    expect(worst).toBeLessThanOrEqual(0.75);
    expect(worst).toBeGreaterThan(0.4); // the grid really is coarse
  });

  it('snaps every point of one cell to the same value, without float noise', () => {
    const a = snapToGrid(52.3989, 13.0657); // Potsdam
    expect(snapToGrid(52.4003, 13.0701)).toEqual(a);
    expect(snapToGrid(52.3966, 13.0601)).toEqual(a);
    expect(a).toEqual({ lat: 52.398, lon: 13.065 });
    expect(String(a.lat)).toBe('52.398');
    expect(snapToGrid(52.41, 13.0657)).not.toEqual(a);
  });

  it('has neighbouring grid points about 1 km apart', () => {
    expect(haversineKm({ lat: 50, lon: 10 }, { lat: 50 + LAT_STEP, lon: 10 })).toBeCloseTo(1.0, 1);
    const eastWest = haversineKm({ lat: 50, lon: 10 }, { lat: 50, lon: 10 + LON_STEP });
    expect(eastWest).toBeGreaterThan(0.8);
    expect(eastWest).toBeLessThan(1.05);
  });

  it('does not produce -0', () => {
    expect(Object.is(snapToGrid(-0.001, -0.001).lat, 0)).toBe(true);
    expect(Object.is(snapToGrid(-0.001, -0.001).lon, 0)).toBe(true);
  });
});

describe('haversineKm', () => {
  it('measures known distances', () => {
    const berlin = { lat: 52.52, lon: 13.405 };
    const munich = { lat: 48.1374, lon: 11.5755 };
    expect(haversineKm(berlin, munich)).toBeGreaterThan(500);
    expect(haversineKm(berlin, munich)).toBeLessThan(508);
    expect(haversineKm(berlin, berlin)).toBe(0);
    expect(haversineKm(berlin, munich)).toBeCloseTo(haversineKm(munich, berlin), 9);
  });
});
