import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { berlinToday, now, secondsFromNow, typed } from '../../db/kysely.js';
import type { FailureReason } from './face/decision.js';
import type { PoseInstruction } from './face/pose.js';

const DAILY_KIND = 'verification:selfie';

/** The member's latest biometric consent: true given, false withdrawn, undefined never asked. */
export async function biometricConsent(q: Queryable, memberId: string): Promise<boolean | undefined> {
  const row = await typed(q)
    .selectFrom('consents')
    .select('given')
    .where('user_id', '=', memberId)
    .where('kind', '=', 'biometric')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.given;
}

export async function recordBiometricConsent(q: Queryable, memberId: string, given: boolean): Promise<void> {
  await typed(q).insertInto('consents').values({ user_id: memberId, kind: 'biometric', given }).execute();
}

/** Serialises a member's verification changes (consent, claim, decision) within a transaction. */
export async function lockMember(q: Queryable, memberId: string): Promise<void> {
  await typed(q).selectFrom('users').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function insertAttempt(q: Queryable, a: { id: string; memberId: string; instruction: PoseInstruction; ttlSeconds: number }): Promise<Date> {
  const row = await typed(q)
    .insertInto('verification_attempts')
    .values({ id: a.id, user_id: a.memberId, instruction: a.instruction, expires_at: secondsFromNow(a.ttlSeconds) })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

export function findAttempt(q: Queryable, id: string) {
  return typed(q).selectFrom('verification_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the member's own open, unexpired attempt to 'checking'; undefined when it is not (any more). */
export async function claimAttempt(q: Queryable, id: string, memberId: string): Promise<{ instruction: PoseInstruction } | undefined> {
  return typed(q)
    .updateTable('verification_attempts')
    .set({ status: 'checking' })
    .where('id', '=', id)
    .where('user_id', '=', memberId)
    .where('status', '=', 'started')
    .where('expires_at', '>', now())
    .returning('instruction')
    .executeTakeFirst();
}

/** Counts one checked selfie today (Europe/Berlin) unless `cap` are already counted; false then. */
export async function countTry(q: Queryable, memberId: string, cap: number): Promise<boolean> {
  const row = await typed(q)
    .insertInto('daily_counters')
    .values({ user_id: memberId, kind: DAILY_KIND, day: berlinToday(), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'day'])
        .doUpdateSet((eb) => ({ count: eb('daily_counters.count', '+', 1) }))
        .where('daily_counters.count', '<', cap),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

export async function triesToday(q: Queryable, memberId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('daily_counters')
    .select('count')
    .where('user_id', '=', memberId)
    .where('kind', '=', DAILY_KIND)
    .where('day', '=', berlinToday())
    .executeTakeFirst();
  return row?.count ?? 0;
}

export interface AttemptResult {
  status: 'verified' | 'uncertain' | 'refused' | 'failed';
  reason: FailureReason | null;
  modelVersion: string | null;
  mainPhotoId: string | null;
  mainDistance: number | null;
  photoDistances: (number | null)[] | null;
  /** The photos whose face matched the selfie (verified or uncertain): the badge's reference photos. */
  matchedPhotoIds: string[] | null;
  selfieKey: string | null;
}

export async function finishAttempt(q: Queryable, id: string, r: AttemptResult): Promise<void> {
  await typed(q)
    .updateTable('verification_attempts')
    .set({
      status: r.status,
      reason: r.reason,
      model_version: r.modelVersion,
      main_photo_id: r.mainPhotoId,
      main_distance: r.mainDistance,
      // -1: that photo showed no face (an array element of real[] stays a number).
      photo_distances: r.photoDistances?.map((d) => d ?? -1) ?? null,
      matched_photo_ids: r.matchedPhotoIds,
      selfie_key: r.selfieKey,
      checked_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

export async function hasUncertain(q: Queryable, memberId: string): Promise<boolean> {
  const row = await typed(q).selectFrom('verification_attempts').select('id').where('user_id', '=', memberId).where('status', '=', 'uncertain').executeTakeFirst();
  return row !== undefined;
}

/** The badge, with the photos whose face a later main photo must show to keep it. */
export async function setBadge(q: Queryable, memberId: string, attemptId: string, referencePhotoIds: string[]): Promise<void> {
  await typed(q)
    .insertInto('photo_verifications')
    .values({ user_id: memberId, attempt_id: attemptId, reference_photo_ids: referencePhotoIds })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ attempt_id: attemptId, verified_at: now(), reference_photo_ids: referencePhotoIds }))
    .execute();
}

export function badgeReferences(q: Queryable, memberId: string) {
  return typed(q).selectFrom('photo_verifications').select(['attempt_id', 'reference_photo_ids']).where('user_id', '=', memberId).executeTakeFirst();
}

/** Adds a photo found to show the verified face to the badge's references, unless the badge changed since it was read. */
export async function addReference(q: Queryable, memberId: string, attemptId: string, photoId: string): Promise<void> {
  await typed(q)
    .updateTable('photo_verifications')
    .set((eb) => ({ reference_photo_ids: eb.fn<string[]>('array_append', ['reference_photo_ids', eb.val(photoId)]) }))
    .where('user_id', '=', memberId)
    .where('attempt_id', '=', attemptId)
    .where(sql<boolean>`NOT (reference_photo_ids @> ARRAY[${photoId}]::uuid[])`)
    .execute();
}

/** Removes the badge of this attempt (not a newer one); true when there was one to remove. */
export async function removeBadgeOf(q: Queryable, memberId: string, attemptId: string): Promise<boolean> {
  const rows = await typed(q).deleteFrom('photo_verifications').where('user_id', '=', memberId).where('attempt_id', '=', attemptId).returning('user_id').execute();
  return rows.length > 0;
}

export async function removeBadge(q: Queryable, memberId: string): Promise<void> {
  await typed(q).deleteFrom('photo_verifications').where('user_id', '=', memberId).execute();
}

export async function badgeOf(q: Queryable, memberId: string): Promise<Date | undefined> {
  const row = await typed(q).selectFrom('photo_verifications').select('verified_at').where('user_id', '=', memberId).executeTakeFirst();
  return row?.verified_at;
}

/** Closes the member's uncertain cases (consent withdrawn); their selfies are deleted by the caller. */
export async function withdrawUncertain(q: Queryable, memberId: string): Promise<void> {
  await typed(q)
    .updateTable('verification_attempts')
    .set({ status: 'withdrawn', selfie_key: null, decided_at: now() })
    .where('user_id', '=', memberId)
    .where('status', '=', 'uncertain')
    .execute();
}

export function uncertainSelfieKeys(q: Queryable, memberId: string) {
  return typed(q).selectFrom('verification_attempts').select('selfie_key').where('user_id', '=', memberId).where('status', '=', 'uncertain').execute();
}

/** Uncertain cases, oldest first, with the member's display name. */
export function listUncertain(q: Queryable, limit: number) {
  return typed(q)
    .selectFrom('verification_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'a.instruction', 'a.main_distance', 'a.main_photo_id', 'a.checked_at', 'u.display_name'])
    .where('a.status', '=', 'uncertain')
    .orderBy('a.checked_at')
    .limit(limit)
    .execute();
}

/** Decides an uncertain case once; undefined when it is not (any more) uncertain. */
export async function decide(q: Queryable, id: string, adminId: string, approve: boolean) {
  return typed(q)
    .updateTable('verification_attempts')
    .set({ status: approve ? 'approved' : 'rejected', selfie_key: null, decided_at: now(), decided_by: adminId })
    .where('id', '=', id)
    .where('status', '=', 'uncertain')
    .returning(['user_id'])
    .executeTakeFirst();
}

/** The team's decision on the member's latest checked selfie (undefined when that one was not the team's to decide). */
export async function teamDecisionOnLatest(q: Queryable, memberId: string): Promise<'approved' | 'rejected' | undefined> {
  const row = await typed(q)
    .selectFrom('verification_attempts')
    .select('status')
    .where('user_id', '=', memberId)
    .where('checked_at', 'is not', null)
    .orderBy('checked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status === 'approved' || row?.status === 'rejected' ? row.status : undefined;
}

/** The member's open attempt (started, unexpired, newest first); start resumes it instead of drawing a new pose. */
export function openAttempt(q: Queryable, memberId: string) {
  return typed(q)
    .selectFrom('verification_attempts')
    .select(['id', 'instruction', 'expires_at'])
    .where('user_id', '=', memberId)
    .where('status', '=', 'started')
    .where('expires_at', '>', now())
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
