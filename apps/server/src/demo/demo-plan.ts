import { INTERESTS } from '@funkeln/contracts/profile-details';
import type { Gender } from '@funkeln/contracts/profiles';
import { FIRST_NAMES } from './demo-data.js';
import { aboutMe, lookingFor } from './demo-texts.js';
import { createRng, type Rng } from './random.js';

/** `demo+<n>@demo.funkeln.invalid`: the .invalid TLD (RFC 2606) can never receive mail. */
const DEMO_EMAIL_DOMAIN = 'demo.funkeln.invalid';
const demoEmail = (n: number) => `demo+${n}@${DEMO_EMAIL_DOMAIN}`;

const MIN_AGE = 19;
const MAX_AGE = 55;
const DAY_MS = 86_400_000;

/** One demo member as it will be written: everything but ids and photo files. */
export interface DemoMember {
  n: number;
  email: string;
  displayName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthDate: string;
  interestedIn: Gender[];
  ageMin: number;
  ageMax: number;
  placeId: number;
  aboutMe: string;
  lookingFor: string;
  createdAt: Date;
  lastActiveAt: Date;
  avatarSeed: number;
  /** Interest ids from the catalogue (3 to 6). */
  interests: string[];
}

/** Interests drawn from their own rng (seeded by the avatar seed), so the members planned before interests existed stay the same. */
function interestsFor(seed: number): string[] {
  const rng = createRng(seed ^ 0x5bd1e995); // not the avatar's own sequence
  const ids = INTERESTS.map((i) => i.id);
  const picked = new Set<string>();
  const count = rng.int(3, 6);
  while (picked.size < count) picked.add(rng.pick(ids));
  return [...picked];
}

const clampAge = (a: number) => Math.min(99, Math.max(18, a));

function pickAge(rng: Rng): number {
  const [lo, hi] = rng.weighted<readonly [number, number]>([
    [[MIN_AGE, 24], 18],
    [[25, 34], 40],
    [[35, 44], 25],
    [[45, MAX_AGE], 17],
  ]);
  return rng.int(lo, hi);
}

/** A birth date that makes the member exactly `age` on `now` (UTC), never on a birthday edge. */
function birthDateFor(age: number, now: Date, daysBefore: number): string {
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return new Date(anniversary - daysBefore * DAY_MS).toISOString().slice(0, 10);
}

function interests(rng: Rng, gender: Gender): Gender[] {
  switch (gender) {
    case 'female':
      return rng.weighted<Gender[]>([[['male'], 78], [['female'], 10], [['male', 'female'], 7], [['male', 'female', 'diverse'], 5]]);
    case 'male':
      return rng.weighted<Gender[]>([[['female'], 80], [['male'], 10], [['female', 'diverse'], 5], [['female', 'male', 'diverse'], 5]]);
    case 'diverse':
      return rng.weighted<Gender[]>([[['female', 'male', 'diverse'], 40], [['diverse'], 15], [['female'], 20], [['male'], 25]]);
  }
}

/** Last activity: some within the last hour, more within a day, the rest over two weeks. */
function lastActive(rng: Rng, now: Date): Date {
  const ago = rng.weighted<readonly [number, number]>([
    [[0, 3600_000], 15],
    [[3600_000, DAY_MS], 25],
    [[DAY_MS, 14 * DAY_MS], 60],
  ]);
  return new Date(now.getTime() - Math.floor(rng.range(ago[0], ago[1])));
}

/** Plans `count` members; the same rng seed, count, places and `now` give the same members. */
export function planMembers(rng: Rng, count: number, now: Date, places: readonly (readonly [number, number])[]): DemoMember[] {
  const members: DemoMember[] = [];
  for (let n = 1; n <= count; n++) {
    const gender = rng.weighted<Gender>([['female', 45], ['male', 45], ['diverse', 10]]);
    const age = pickAge(rng);
    const lastActiveAt = lastActive(rng, now);
    const shift = gender === 'female' ? 2 : gender === 'male' ? -2 : 0; // a slight lean, as in real profiles
    const member = {
      n,
      email: demoEmail(n),
      displayName: rng.pick(FIRST_NAMES[gender]),
      gender,
      birthDate: birthDateFor(age, now, rng.int(1, 360)),
      interestedIn: interests(rng, gender),
      ageMin: clampAge(age - rng.int(3, 9) + shift),
      ageMax: clampAge(age + rng.int(3, 10) + shift),
      placeId: rng.weighted(places),
      aboutMe: aboutMe(rng, gender),
      lookingFor: lookingFor(rng),
      createdAt: new Date(lastActiveAt.getTime() - rng.int(1, 180) * DAY_MS),
      lastActiveAt,
      avatarSeed: rng.int(1, 2 ** 31 - 1),
    };
    members.push({ ...member, interests: interestsFor(member.avatarSeed) });
  }
  return members;
}
