import { z } from 'zod';
import { id } from './fields.js';
import type { Badge } from './profiles.js';

/** Spec 9: the photo categories of the monthly Top10. */
export const photoCategories = ['age', 'sex', 'face', 'full_body', 'vacation', 'bikini'] as const;
export type PhotoCategory = (typeof photoCategories)[number];
export const DEFAULT_CATEGORY: PhotoCategory = 'bikini';

/** German names for the category buttons. */
export const categoryLabels: Record<PhotoCategory, string> = {
  age: 'Alter',
  sex: 'Sexy',
  face: 'Gesicht',
  full_body: 'Ganzkörper',
  vacation: 'Urlaub',
  bikini: 'Bikini',
};

const CATEGORY_MESSAGE = 'Unbekannte Kategorie. Erlaubt sind age, sex, face, full_body, vacation und bikini.';
export const photoCategory = z.enum(photoCategories, { error: CATEGORY_MESSAGE });
export const categoryParams = z.object({ category: photoCategory });

/** 'YYYY-MM' (Europe/Berlin). */
export const monthString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Der Monat muss die Form JJJJ-MM haben, z. B. 2026-11.');
export const leaderboardQuery = z.object({ month: monthString.optional() });

/** Spec 3: rank, user_id, photo_id, score, month_year; beyond the spec the member's name and thumbnail. */
export const leaderboardEntry = z.object({
  rank: z.number().int().min(1),
  user_id: z.string(),
  photo_id: z.string(),
  score: z.number().int().min(0),
  month_year: z.string(),
  name: z.string(),
  thumbUrl: z.string().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;
export const leaderboardResponse = z.array(leaderboardEntry);

/** Realtime `leaderboard` event: the current Top10 of a category changed. */
export const leaderboardEvent = z.object({ category: photoCategory, month: z.string(), entries: leaderboardResponse });
export type LeaderboardEvent = z.infer<typeof leaderboardEvent>;

/**
 * PUT /api/me/photo/categories: which categories the member competes in, and optionally which of
 * their approved photos per category (photos: category -> photo id; a category left out competes
 * with the main photo).
 */
export const entriesBody = z.object({
  categories: z.array(photoCategory).max(photoCategories.length),
  photos: z.partialRecord(photoCategory, id('Ungültige Foto-ID.')).optional(),
});
export type EntriesBody = z.infer<typeof entriesBody>;
/** photos: the chosen photo per category where the member chose one (else the main photo competes). */
export const entriesResponse = z.object({ categories: z.array(photoCategory), photos: z.partialRecord(photoCategory, z.string()) });
export type EntriesResponse = z.infer<typeof entriesResponse>;

/** GET /api/votes/next?category=: the next photo to rate (null when none is left this month). */
const UUID_LIST = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$/i;
/** skip: comma-separated photo ids the page already showed. */
export const nextVoteQuery = z.object({ category: photoCategory, skip: z.string().max(2000).regex(UUID_LIST, 'Ungültige Foto-IDs.').optional() });
export const voteCandidate = z.object({ photoId: z.string(), url: z.string(), name: z.string(), age: z.number().int().optional() });
export type VoteCandidate = z.infer<typeof voteCandidate>;
export const nextVoteResponse = z.object({ candidate: voteCandidate.nullable() });

/** POST /api/votes {photoId, category} -> the photo's new score this month. */
export const voteBody = z.object({ photoId: id('Ungültige Foto-ID.'), category: photoCategory });
export const voteResponse = z.object({ score: z.number().int() });

/** The badge catalogue: German names and descriptions; awarded by events, once each (per scope). */
export const badgeCatalogue = {
  email_verified: { name: 'E-Mail bestätigt', description: 'Hat die E-Mail-Adresse bestätigt.' },
  photo_approved: { name: 'Fotogen', description: 'Hat ein freigegebenes Profilfoto.' },
  first_match: { name: 'Erstes Match', description: 'Hat das erste Match gefeiert.' },
  first_message: { name: 'Eisbrecher', description: 'Hat die erste Nachricht geschrieben.' },
  votes_50: { name: 'Jury', description: 'Hat 50 Fotos bewertet.' },
  top10: { name: 'Top10', description: 'War in den Top10 des Monats.' },
} as const;
export type BadgeKind = keyof typeof badgeCatalogue;

const monthNames = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** 'November 2026' for '2026-11'. */
export function germanMonth(month: string): string {
  const [year, m] = month.split('-');
  return `${monthNames[Number(m) - 1] ?? m} ${year}`;
}

/** A stored badge (kind and scope) as members see it; undefined for a kind this version does not know. */
export function describeBadge(kind: string, scope: string): Badge | undefined {
  const entry = badgeCatalogue[kind as BadgeKind];
  if (!entry) return undefined;
  const id = scope ? `${kind}:${scope}` : kind;
  if (kind !== 'top10') return { id, ...entry };
  const [category, month] = scope.split(':');
  const label = categoryLabels[category as PhotoCategory] ?? category;
  return { id, name: `${entry.name} ${label}`, description: `In den Top10 der Kategorie ${label} im ${germanMonth(month ?? '')}.` };
}
