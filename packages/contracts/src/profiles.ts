import { z } from 'zod';
import { int4, text, id } from './fields.js';
import { interestsField, promptsField } from './profile-details.js';

export const genders = ['female', 'male', 'diverse'] as const;
export const gender = z.enum(genders);
export type Gender = z.infer<typeof gender>;
export const genderLabels: Record<Gender, string> = { female: 'Frau', male: 'Mann', diverse: 'Divers' };

export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const TOO_YOUNG = 'Du musst mindestens 18 Jahre alt sein, um Funkeln zu nutzen.';

/** Full years between an ISO birth date and an ISO day (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, today: string): number {
  // ISO days compare as strings: the birthday has come this year when today's 'MM-DD' is not before it.
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

// Built once: toLocaleDateString with options builds a new formatter on every call (tens of µs).
const berlinDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });

let lastMinute = { minute: Number.NaN, day: '' };

/** Today in Europe/Berlin as 'YYYY-MM-DD'. Berlin's days (and clock changes) begin on a whole minute, so one answer holds for the minute. */
export function berlinToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, day: berlinDay.format(now) };
  return lastMinute.day;
}

/**
 * The instant the next Berlin day begins (daily limits and rewards open again): midnight of
 * tomorrow's date, which is 22:00 or 23:00 UTC the day before, depending on summer time.
 */
export function nextBerlinMidnight(now: Date = new Date()): Date {
  const tomorrow = new Date(`${berlinDay.format(now)}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const day = tomorrow.toISOString().slice(0, 10);
  for (const hoursAhead of [1, 2]) {
    const candidate = new Date(tomorrow.getTime() - hoursAhead * 3_600_000);
    if (berlinDay.format(candidate) === day && berlinDay.format(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  throw new Error(`no Berlin midnight found for ${day}`);
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte gib ein Datum im Format JJJJ-MM-TT an.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Dieses Datum gibt es nicht.');

const age = z.number().int().min(MIN_AGE).max(MAX_AGE);
const profileText = text({ max: 1000, multiline: true });

/**
 * PUT /api/me/profile: every field optional, the given ones are saved (the spec's onboarding
 * sends only aboutMe and lookingFor). Matching needs the rest before the member appears in feeds.
 */
export const profileUpdateBody = z
  .object({
    aboutMe: profileText.optional(),
    lookingFor: profileText.optional(),
    birthDate: isoDate.optional(),
    gender: gender.optional(),
    interestedIn: z
      .array(gender)
      .min(1)
      .max(3)
      .refine((v) => new Set(v).size === v.length, 'Jedes Geschlecht nur einmal angeben.')
      .optional(),
    ageMin: age.optional(),
    ageMax: age.optional(),
    placeId: int4(1).optional(),
    shareEnabled: z.boolean().optional(),
    /** Interest ids from the catalogue (profile-details.ts), up to 8; the list replaces the stored one. */
    interests: interestsField.optional(),
    /** Up to 3 answered prompts in display order; the list replaces the stored one ([] clears). */
    prompts: promptsField.optional(),
  })
  .refine((p) => p.ageMin === undefined || p.ageMax === undefined || p.ageMin <= p.ageMax, {
    message: 'Das Mindestalter darf nicht über dem Höchstalter liegen.',
    path: ['ageMin'],
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const place = z.object({ id: z.number().int(), name: z.string(), region: z.string() });
export type Place = z.infer<typeof place>;
export const placesQuery = z.object({ q: text({ min: 2, max: 60 }) });
export const placesResponse = z.array(place);

export const photoStatus = z.enum(['approved', 'pending', 'rejected', 'disabled']);
export type PhotoStatus = z.infer<typeof photoStatus>;
export const photoStatusLabels: Record<PhotoStatus, string> = {
  approved: 'Freigegeben',
  pending: 'Wird geprüft',
  rejected: 'Abgelehnt',
  disabled: 'Gesperrt',
};

/** The member's own photo, whatever its state; URLs are short-lived signed links. */
export const ownPhoto = z.object({
  id: z.string(),
  status: photoStatus,
  statusLabel: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  createdAt: z.string(),
});
export type OwnPhoto = z.infer<typeof ownPhoto>;
export const photoUploadResponse = z.object({ photo: ownPhoto });

/** Up to 6 photos per member, in the member's order; the first approved one is the main photo. */
export const MAX_PHOTOS = 6;

/**
 * How long a photo held for review (status `pending`) usually waits for an admin, as the app tells the
 * member wherever it shows that state (gallery, onboarding, the upload's answer). The one place to
 * change when the moderation team's working hours change (docs/decisions/0078).
 */
export const PHOTO_REVIEW_HOURS = 24;
/** GET /api/me/photos: the member's photos in order, whatever their state. */
export const galleryPhoto = ownPhoto.extend({ position: z.number().int(), main: z.boolean() });
export type GalleryPhoto = z.infer<typeof galleryPhoto>;
export const galleryResponse = z.object({ photos: z.array(galleryPhoto), max: z.number().int() });
export type GalleryResponse = z.infer<typeof galleryResponse>;
/** PUT /api/me/photos/order: every one of the member's photo ids, once, in the new order. */
export const photoOrderBody = z.object({ ids: z.array(id('Ungültige Foto-ID.')).min(1).max(MAX_PHOTOS) });
export type PhotoOrderBody = z.infer<typeof photoOrderBody>;
export const photoIdParams = z.object({ id: id('Ungültige Foto-ID.') });

/** GET /api/me/profile: the member's own profile, private fields included. */
export const ownProfile = z.object({
  aboutMe: z.string(),
  lookingFor: z.string(),
  birthDate: z.string().nullable(),
  gender: gender.nullable(),
  interestedIn: z.array(gender),
  ageMin: z.number().int(),
  ageMax: z.number().int(),
  place: place.nullable(),
  shareEnabled: z.boolean(),
  /** True once everything matching needs is filled in and a photo is approved. */
  complete: z.boolean(),
  photo: ownPhoto.nullable(),
  interests: z.array(z.string()),
  prompts: z.array(z.object({ promptId: z.string(), answer: z.string() })),
});
export type OwnProfile = z.infer<typeof ownProfile>;

export const badge = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type Badge = z.infer<typeof badge>;

/** GET /api/profile/{id}: what any member may see. Never e-mail, coordinates or birth date. */
export const publicProfile = z.object({
  user: z.object({ id: z.string(), display_name: z.string() }),
  profile: z.object({
    about_me: z.string(),
    looking_for: z.string(),
    age: z.number().int().nullable(),
    city: z.string().nullable(),
    gender: z.string().nullable(),
    photo_url: z.string().nullable(),
    thumb_url: z.string().nullable(),
    /** Every approved photo in the member's order (the first is photo_url's); beyond the spec. */
    photos: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
    badges: z.array(badge),
    /** Interest ids (labels in profile-details.ts). */
    interests: z.array(z.string()),
    prompts: z.array(z.object({ prompt_id: z.string(), question: z.string(), answer: z.string() })),
    /** The member passed the photo verification ("Foto verifiziert"; beyond the spec). */
    photo_verified: z.boolean().optional(),
  }),
  /**
   * Whether the member's share page answers (their sharing is on): the app offers to share only
   * then. The share page itself tells anyone the same (200 or 404), so this bit leaks nothing more.
   */
  shareable: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

export const memberIdParams = z.object({ id: id() });
