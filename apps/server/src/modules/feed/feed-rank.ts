import { compareRankTo } from './feed-decks.js';
import type { IndexRow } from './feed-index.repo.js';
import type { CardColumns, FeedFilter, FeedRow } from './feed.repo.js';

const DAY_MS = 86_400_000;
/** A skip hides a member for this long (feedQuery: `s.created_at > now() - interval '14 days'`). */
const SKIP_MS = 14 * DAY_MS;

/** The members a viewer's feed leaves out (feedQuery's anti-joins). */
export interface Exclusions {
  /** Liked, flirted, blocked either way, or hidden by an event since the read (until `at` + ttl). */
  hidden: Set<string>;
  /** Skips by time: hidden for 14 days from then. */
  skippedAt: Map<string, number>;
  at: number;
}

/**
 * feedQuery's distance in metres from the viewer's town: the same haversine, the same earth radius,
 * the same operations in the same order in double precision, rounded half to even as PostgreSQL's
 * round(float8) does. (The math libraries may differ in a last bit: the rounding could then differ
 * only for a distance within a few nanometres of half a metre.)
 */
export function distM(origin: { lat: number; lon: number }, lat: number, lon: number): number {
  const a = Math.sin(radians(lat - origin.lat) / 2) ** 2 + Math.cos(radians(origin.lat)) * Math.cos(radians(lat)) * Math.sin(radians(lon - origin.lon) / 2) ** 2;
  return roundHalfEven(1000 * 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** PostgreSQL's radians(): degrees times pi/180. */
function radians(deg: number): number {
  return deg * (Math.PI / 180);
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

interface Ranked {
  m: IndexRow;
  photo: string;
  birth: string;
  activeDay: number;
  distM: number;
  id: string;
}

/**
 * feedQuery over the index: the candidates the rules allow, in rank order, after the cursor, at
 * most `limit`. Day by day from the most recent: once a day's members fill the page, no member of
 * an earlier day can rank above them, so the days after it are not looked at.
 */
export function rank(days: Iterable<[number, Iterable<IndexRow>]>, f: FeedFilter, excluded: Exclusions, now: number): (FeedRow & CardColumns)[] {
  const genders = new Set<string>(f.interestedIn);
  const origin = f.origin;
  // feedQuery's box, bounds computed as the database computes them (origin +/- span in double precision).
  const latSpan = f.radiusKm === null ? 0 : f.radiusKm / 110.574;
  const lonSpan = f.radiusKm === null || !origin ? 0 : f.radiusKm / (111.32 * Math.cos((origin.lat * Math.PI) / 180));
  const box =
    f.radiusKm !== null && origin
      ? { minLat: origin.lat - latSpan, maxLat: origin.lat + latSpan, minLon: origin.lon - lonSpan, maxLon: origin.lon + lonSpan }
      : undefined;
  const skipSince = now - SKIP_MS;
  const c = f.after;
  const found: Ranked[] = [];
  if (f.limit < 1) return [];
  for (const [day, members] of days) {
    if (found.length >= f.limit) break;
    if (c && day > c.activeDay) continue;
    for (const m of members) {
      // The radius box first: within a radius it leaves out most members for four comparisons.
      if (box) {
        if (m.lat === null || m.lon === null || !(m.lat >= box.minLat && m.lat <= box.maxLat && m.lon >= box.minLon && m.lon <= box.maxLon)) continue;
      } else if (f.radiusKm !== null) {
        continue; // feedQuery's box: without the viewer's town no one is within a radius
      }
      if (m.id === f.viewerId || m.gender === null || !genders.has(m.gender) || !m.interestedIn.includes(f.viewerGender)) continue;
      if (m.birth_date === null || !(m.birth_date > f.minBirth && m.birth_date <= f.maxBirth)) continue;
      if (!(m.ageMin <= f.viewerAge && m.ageMax >= f.viewerAge) || m.withdrawn || m.suspended) continue;
      const photo = m.photoIds[0]; // the main photo: none, no card
      if (photo === undefined) continue;
      if (excluded.hidden.has(m.id) || (excluded.skippedAt.get(m.id) ?? 0) > skipSince) continue;
      if (f.onlyVerified && !m.verified) continue;
      const dist = origin === null || m.lat === null || m.lon === null ? 0 : distM(origin, m.lat, m.lon);
      if (f.radiusKm !== null && !(dist <= f.radiusKm * 1000)) continue;
      if (c && compareRankTo(day, dist, m.id, c) <= 0) continue;
      // Only the best `limit` are kept, in rank order: a candidate below the last of a full page is passed over with one comparison.
      const worst = found.length === f.limit ? found[found.length - 1] : undefined;
      if (worst && compareRankTo(day, dist, m.id, worst) >= 0) continue;
      let lo = 0;
      let hi = found.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareRankTo(day, dist, m.id, found[mid]!) >= 0) lo = mid + 1;
        else hi = mid;
      }
      const ranked: Ranked = { m, photo, birth: m.birth_date, activeDay: day, distM: dist, id: m.id };
      found.splice(lo, 0, ranked);
      if (found.length > f.limit) found.pop();
    }
  }
  return found.map(({ m, photo, birth, activeDay, distM: dist }) => ({
    id: m.id,
    name: m.name,
    birth_date: birth,
    city: m.city,
    photo_id: photo,
    activeDay,
    distM: dist,
    allInterests: m.allInterests,
    aboutStart: m.aboutStart,
    photoIds: m.photoIds,
    verified: m.verified,
    badgeRows: m.badgeRows,
  }));
}
