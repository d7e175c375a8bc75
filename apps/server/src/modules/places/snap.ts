/**
 * Coordinates are stored snapped to a fixed grid of about 1 km, so an exact position never
 * reaches the database, let alone a client.
 *
 * Grid: latitude in steps of 0.009° (1.00 km), longitude in steps of 0.013°, which is
 * 1.01 km at 45.8° N (southern Switzerland) and 0.83 km at 55° N (northern Germany). A point
 * moves at most half a cell in each direction, i.e. at most about 0.71 km in DACH latitudes.
 * The longitude step is fixed rather than scaled by latitude, so the grid is simple and the
 * same everywhere; outside DACH latitudes cells get narrower (fine for our use).
 */
export const LAT_STEP = 0.009;
export const LON_STEP = 0.013;

export interface LatLon {
  lat: number;
  lon: number;
}

/** The nearest grid point, rounded to 3 decimals so equal cells compare equal. */
export function snapToGrid(lat: number, lon: number): LatLon {
  return { lat: snap(lat, LAT_STEP), lon: snap(lon, LON_STEP) };
}

function snap(value: number, step: number): number {
  // toFixed(3) removes float noise such as 52.398000000000003; both steps have 3 decimals.
  return Number((Math.round(value / step) * step).toFixed(3)) + 0; // + 0 turns -0 into 0
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
