import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { pathOf } from '@funkeln/contracts/routes/define';
import { verificationEndpoints } from '@funkeln/contracts/routes/verification';
import {
  failureTexts,
  instructionTexts,
  PHOTO_VERIFIED_LABEL,
  VERIFICATION_FRAMES_MAX,
  VERIFICATION_FRAMES_MIN,
  VERIFICATION_TRIES_PER_DAY,
  type PendingVerifications,
  type VerificationAttempt,
  type VerificationResult,
  type VerificationStatus,
} from '@funkeln/contracts/verification';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { SharedTtlStore } from '../../platform/redis/shared-ttl-store.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { DecisionsService } from '../decisions/index.js';
import { processImage, visibleStatus, type PhotosService, type PhotoUrlSigner } from '../photos/index.js';
import type { SettingsService } from '../settings/index.js';
import { descriptorDistance, type ReferencePhoto, type VerificationDecision } from './face/decision.js';
import { FACE_MODEL_VERSION, type FaceEngine } from './face/face-engine.js';
import { decideLiveness } from './face/liveness.js';
import { drawnInstructions } from './face/pose.js';
import type { DetectedFace } from './face/protocol.js';
import * as repo from './verification.repo.js';

/** A verification attempt (and the face features held for it in memory) lasts this long (stated on the Datenschutz page). */
export const ATTEMPT_TTL_SECONDS = 10 * 60;
const ADMIN_LINK_TTL_SECONDS = 30 * 60;
const PENDING_PAGE = 50;

interface VerificationLog {
  warn(obj: object, msg: string): void;
}

export interface VerificationServiceDeps {
  db: Db;
  storage: BlobStorage;
  photos: PhotosService;
  photoUrls: PhotoUrlSigner;
  settings: SettingsService;
  engine: FaceEngine;
  events: EventBus;
  log: VerificationLog;
  /** Where the prepared references wait for a selfie that another process may receive. */
  shared: SharedTtlStore;
  /** The statement of reasons for a refusal by the team (DSA Art. 17). */
  decisions: Pick<DecisionsService, 'record'>;
}

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });

/** Photo verification: consent, pose instruction, selfie check against the member's photos, admin decisions. */
export class FaceVerificationService {
  private readonly d: VerificationServiceDeps;
  /** The running badge check per member (mainPhotoChanged): a later change waits for it. */
  private readonly badgeChecks = new Map<string, Promise<void>>();
  /**
   * The faces on the member's photos, analysed in the background from the start of an attempt while
   * the member takes the selfie, so the check itself only analyses the selfie (bench/face). Kept in
   * this process's memory, and for a selfie that reaches another process in the shared TTL store
   * (Redis in a cluster), for the attempt's life only: taken (deleted) by the check, dropped on a
   * consent withdrawal, expired with the attempt. Never written to the database.
   */
  private readonly prepared = new LRUCache<string, { memberId: string; references: Promise<References> }>({ max: 500, ttl: ATTEMPT_TTL_SECONDS * 1000 });

  constructor(deps: VerificationServiceDeps) {
    this.d = deps;
  }

  /** Whether the member carries the "Foto verifiziert" badge (their public profile shows it). */
  async isVerified(memberId: string): Promise<boolean> {
    return (await repo.badgeOf(this.d.db, memberId)) !== undefined;
  }

  async status(memberId: string): Promise<VerificationStatus> {
    const [consent, verifiedAt, pending, tries, teamDecision] = await Promise.all([
      repo.biometricConsent(this.d.db, memberId),
      repo.badgeOf(this.d.db, memberId),
      repo.hasUncertain(this.d.db, memberId),
      repo.triesToday(this.d.db, memberId),
      repo.teamDecisionOnLatest(this.d.db, memberId),
    ]);
    return {
      consent: consent === undefined ? 'unknown' : consent ? 'given' : 'withdrawn',
      verified: verifiedAt !== undefined,
      verifiedAt: verifiedAt?.toISOString() ?? null,
      pending,
      triesLeft: Math.max(0, VERIFICATION_TRIES_PER_DAY - tries),
      teamDecision: teamDecision ?? null,
    };
  }

  /** Recorded with its time; a withdrawal removes the badge and deletes any selfie still waiting for an admin. */
  async setConsent(memberId: string, given: boolean): Promise<VerificationStatus> {
    const keys = await this.d.db.transaction(async (tx) => {
      await repo.lockMember(tx, memberId);
      await repo.recordBiometricConsent(tx, memberId, given);
      if (given) return [];
      for (const [attemptId, entry] of this.prepared.entries()) if (entry.memberId === memberId) this.prepared.delete(attemptId);
      const open = await repo.openAttempt(tx, memberId);
      if (open) await this.d.shared.delete(sharedKey(open.id));
      const waiting = await repo.uncertainSelfieKeys(tx, memberId);
      await repo.withdrawUncertain(tx, memberId);
      await repo.removeBadge(tx, memberId);
      this.changed(tx, memberId);
      return waiting.map((r) => r.selfie_key).filter((k): k is string => k !== null);
    });
    await Promise.all(keys.map((k) => this.d.storage.delete(k)));
    return this.status(memberId);
  }

  /** A new attempt with a random pose instruction; needs consent, an approved main photo and no case waiting for an admin. */
  async start(memberId: string): Promise<VerificationAttempt> {
    if ((await repo.biometricConsent(this.d.db, memberId)) !== true) throw new AppError('verification_consent_required');
    if (await repo.hasUncertain(this.d.db, memberId)) throw new AppError('verification_pending');
    if (!(await this.d.photos.findForMember(memberId))) throw new AppError('verification_no_photo');
    // No attempt (and no analysis of the photos) once today's checks are used up.
    if ((await repo.triesToday(this.d.db, memberId)) >= VERIFICATION_TRIES_PER_DAY) throw new AppError('rate_limited', { params: { limit: 'verification_day' } });
    // An open attempt is resumed until it is used or expires: a reload or a second start must not draw
    // another pose (else a member could re-roll until the pose fits a photo they already have).
    const { id, instruction, expiresAt } = await this.d.db.transaction(async (tx) => {
      await repo.lockMember(tx, memberId);
      const open = await repo.openAttempt(tx, memberId);
      if (open) return { id: open.id, instruction: open.instruction, expiresAt: open.expires_at };
      const drawn = drawnInstructions[randomInt(drawnInstructions.length)] ?? 'turn_left';
      const attemptId = randomUUID();
      return { id: attemptId, instruction: drawn, expiresAt: await repo.insertAttempt(tx, { id: attemptId, memberId, instruction: drawn, ttlSeconds: ATTEMPT_TTL_SECONDS }) };
    });
    if (!this.prepared.has(id)) {
      const references = this.references(memberId);
      this.prepared.set(id, { memberId, references });
      references.then(
        (r) => this.d.shared.set(sharedKey(id), r, expiresAt.getTime() - Date.now()),
        () => this.prepared.delete(id), // a failure is met again, and reported, at the check
      ).catch((err: unknown) => this.d.log.warn({ err: (err as Error).message }, 'prepared face references not shared'));
    }
    return { attemptId: id, instruction, instructionText: instructionTexts[instruction], expiresAt: expiresAt.toISOString() };
  }

  /**
   * Checks the liveness recording (camera frames, in order) for the member's own open attempt; one of
   * at most 5 checks a day. The frames are analysed one after another (the face worker runs one
   * request at a time); the last one is what the team sees of an uncertain case.
   */
  async submit(memberId: string, attemptId: string, uploads: Buffer[]): Promise<VerificationResult> {
    const attempt = await repo.findAttempt(this.d.db, attemptId);
    if (!attempt || attempt.user_id !== memberId) throw new AppError('not_found', { params: { of: 'verification_attempt' } });
    if ((await repo.biometricConsent(this.d.db, memberId)) !== true) throw new AppError('verification_consent_required');
    if (uploads.length < VERIFICATION_FRAMES_MIN || uploads.length > VERIFICATION_FRAMES_MAX) throw new AppError('verification_frames');
    // Unreadable uploads are refused before they cost a try; the frames are re-encoded without metadata like photos.
    const frames: Buffer[] = [];
    for (const upload of uploads) frames.push((await processImage(upload)).large);
    const selfie = frames[frames.length - 1] as Buffer;
    const instruction = await this.d.db.transaction(async (tx) => {
      await repo.lockMember(tx, memberId);
      const claimed = await repo.claimAttempt(tx, attemptId, memberId);
      if (!claimed) throw new AppError('verification_attempt_used');
      if (!(await repo.countTry(tx, memberId, VERIFICATION_TRIES_PER_DAY))) throw new AppError('rate_limited', { params: { limit: 'verification_day' } });
      return claimed.instruction;
    });

    let decision: VerificationDecision;
    let mainPhotoId: string | null = null;
    let matchedPhotoIds: string[] | null = null;
    try {
      const frameFaces: DetectedFace[][] = [];
      for (const frame of frames) {
        const found = await this.d.engine.analyze(frame);
        frameFaces.push(found);
        if (found.length !== 1) break; // refused anyway (no_face, multiple_faces): the rest is not worth the model's time
      }
      const [threshold, uncertainBand] = await Promise.all([this.d.settings.get('FACE_MATCH_THRESHOLD'), this.d.settings.get('FACE_MATCH_UNCERTAIN_BAND')]);
      const settings = { frames: frameFaces, instruction, threshold, uncertainBand };
      // No face, several or no live movement into the pose: refused without looking at the photos at all.
      decision = decideLiveness({ ...settings, photos: [] });
      if (decision.reason === 'no_reference_face') {
        const references = await this.preparedReferences(attemptId, memberId);
        mainPhotoId = references.mainPhotoId;
        decision = decideLiveness({ ...settings, photos: references.photos });
        const limit = decision.outcome === 'uncertain' ? threshold + uncertainBand : threshold;
        const distances = decision.photoDistances;
        matchedPhotoIds = decision.outcome === 'refused' ? null : references.photoIds.filter((_, i) => (distances[i] ?? Infinity) < limit);
      }
    } catch (err) {
      this.d.log.warn({ err: (err as Error).message }, 'face check failed');
      await repo.finishAttempt(this.d.db, attemptId, {
        status: 'failed',
        reason: null,
        modelVersion: FACE_MODEL_VERSION,
        mainPhotoId,
        mainDistance: null,
        photoDistances: null,
        matchedPhotoIds: null,
        selfieKey: null,
      });
      throw new AppError('verification_unavailable');
    }
    const selfieKey = decision.outcome === 'uncertain' ? `${randomBytes(16).toString('hex')}.jpg` : null;
    if (selfieKey) await this.d.storage.put(selfieKey, selfie);
    const result: repo.AttemptResult = {
      status: decision.outcome,
      reason: decision.reason,
      modelVersion: FACE_MODEL_VERSION,
      mainPhotoId,
      mainDistance: decision.mainDistance,
      photoDistances: decision.photoDistances,
      matchedPhotoIds,
      selfieKey,
    };
    await this.d.db.transaction(async (tx) => {
      await repo.finishAttempt(tx, attemptId, result);
      if (decision.outcome === 'verified') {
        await repo.setBadge(tx, memberId, attemptId, matchedPhotoIds ?? []);
        this.changed(tx, memberId);
      }
    });
    const triesLeft = Math.max(0, VERIFICATION_TRIES_PER_DAY - (await repo.triesToday(this.d.db, memberId)));
    if (decision.outcome === 'verified') return { outcome: 'verified', reason: null, message: `${PHOTO_VERIFIED_LABEL}: Dein Selfie passt zu deinen Fotos.`, triesLeft };
    if (decision.outcome === 'uncertain') {
      return { outcome: 'pending', reason: null, message: 'Unser Team schaut sich dein Selfie noch an. Du bekommst das Abzeichen, sobald es bestätigt ist.', triesLeft };
    }
    const reason = decision.reason ?? 'face_mismatch';
    return { outcome: 'refused', reason, message: failureTexts[reason], triesLeft };
  }

  /** Uncertain cases, oldest first: the selfie beside the main photo, both behind short-lived signed links. */
  async pending(): Promise<PendingVerifications> {
    const rows = await repo.listUncertain(this.d.db, PENDING_PAGE);
    const items = await Promise.all(
      rows.map(async (r) => ({
        attemptId: r.id,
        userId: r.user_id,
        displayName: r.display_name,
        instructionText: instructionTexts[r.instruction],
        mainDistance: r.main_distance,
        checkedAt: (r.checked_at ?? new Date()).toISOString(),
        selfieUrl: await this.d.photoUrls.signPath(selfiePath(r.id), ADMIN_LINK_TTL_SECONDS),
        photoUrl: r.main_photo_id ? await this.d.photoUrls.sign(r.main_photo_id, 'large', 'owner', ADMIN_LINK_TTL_SECONDS) : null,
      })),
    );
    return { items };
  }

  /** An admin decides an uncertain case once; the selfie is deleted either way. */
  async decide(admin: { id: string; email: string }, attemptId: string, approve: boolean): Promise<{ outcome: 'approved' | 'refused' }> {
    const decided = await this.d.db.transaction(async (tx) => {
      const attempt = await repo.findAttempt(tx, attemptId);
      if (!attempt) throw new AppError('not_found', { params: { of: 'verification_attempt' } });
      await repo.lockMember(tx, attempt.user_id);
      const decided = await repo.decide(tx, attemptId, admin.id, approve);
      if (!decided) throw new AppError('verification_decided');
      if (approve) await this.grant(tx, attempt);
      else {
        await this.d.decisions.record(tx, {
          memberId: attempt.user_id,
          kind: 'verification_refused',
          objectId: attemptId,
          object: `Deine Foto-Verifizierung vom ${dateFormat.format(attempt.created_at)}`,
          facts:
            'Unsere automatische Prüfung war sich bei deinem Selfie nicht sicher. Ein Mensch aus unserem Team hat es mit deinen Fotos verglichen und konnte nicht bestätigen, dass es dieselbe Person zeigt. Dein Selfie ist gelöscht; du kannst die Verifizierung jederzeit neu versuchen.',
          rule: 'verification_match',
          automatedDetection: true,
          decidedBy: admin,
        });
      }
      return { selfieKey: attempt.selfie_key, memberId: attempt.user_id };
    });
    // Into the admin audit log (written by the admin module) like every other admin action.
    this.d.events.emit('admin.acted', { admin, action: approve ? 'verification.approve' : 'verification.refuse', target: attemptId, details: { member: decided.memberId } });
    if (decided.selfieKey) await this.d.storage.delete(decided.selfieKey);
    return { outcome: approve ? 'approved' : 'refused' };
  }

  /** An objection to a refusal upheld by the team: the badge as an approval gives it (while the consent stands). */
  async grantAfterObjection(tx: Tx, attemptId: string): Promise<void> {
    const attempt = await repo.findAttempt(tx, attemptId);
    if (!attempt) return;
    await repo.lockMember(tx, attempt.user_id);
    await this.grant(tx, attempt);
  }

  private async grant(tx: Tx, attempt: { id: string; user_id: string; matched_photo_ids: string[] | null; main_photo_id: string | null }): Promise<void> {
    if ((await repo.biometricConsent(tx, attempt.user_id)) !== true) return;
    await repo.setBadge(tx, attempt.user_id, attempt.id, attempt.matched_photo_ids ?? (attempt.main_photo_id ? [attempt.main_photo_id] : []));
    this.changed(tx, attempt.user_id);
  }

  /**
   * After a committed change of the member's photos (upload, delete, reorder, moderation): the badge
   * stays while the main photo shows the verified face, i.e. is one of the badge's reference photos or
   * has a face nearer than FACE_MATCH_THRESHOLD to a face on one of them (it then joins them). A
   * different face, no face or no main photo removes it until the member verifies again. Runs in the
   * background, one check per member at a time; idempotent (the writes are conditional on the badge read).
   */
  mainPhotoChanged(memberId: string): Promise<void> {
    const run = (this.badgeChecks.get(memberId) ?? Promise.resolve())
      .then(() => this.checkBadge(memberId))
      .catch((err: unknown) => this.d.log.warn({ err: (err as Error).message }, 'badge check after a photo change failed; badge kept'));
    this.badgeChecks.set(memberId, run);
    void run.finally(() => {
      if (this.badgeChecks.get(memberId) === run) this.badgeChecks.delete(memberId);
    });
    return run;
  }

  /** Resolves when every badge check started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.badgeChecks.size > 0) await Promise.all(this.badgeChecks.values());
  }

  private async checkBadge(memberId: string): Promise<void> {
    const badge = await repo.badgeReferences(this.d.db, memberId);
    if (!badge) return;
    const main = await this.d.photos.findForMember(memberId);
    if (main && badge.reference_photo_ids.includes(main.id)) return;
    const same = main ? await this.showsVerifiedFace(memberId, main.large_key, badge.reference_photo_ids) : false;
    // The main photo moved on while the model ran: the check queued behind this one decides.
    if ((await this.d.photos.findForMember(memberId))?.id !== main?.id) return;
    await this.d.db.transaction(async (tx) => {
      await repo.lockMember(tx, memberId);
      if (same && main) await repo.addReference(tx, memberId, badge.attempt_id, main.id);
      else if (await repo.removeBadgeOf(tx, memberId, badge.attempt_id)) this.changed(tx, memberId);
    });
  }

  /** Whether a face on the new main photo is nearer than the threshold to a face on one of the reference photos still there. */
  private async showsVerifiedFace(memberId: string, mainKey: string, referenceIds: string[]): Promise<boolean> {
    const mainData = await this.d.storage.get(mainKey);
    const mainFaces = mainData ? await this.d.engine.analyze(mainData) : [];
    if (mainFaces.length === 0) return false;
    const threshold = await this.d.settings.get('FACE_MATCH_THRESHOLD');
    const references = (await this.d.photos.allOf(memberId)).filter((p) => referenceIds.includes(p.id));
    for (const ref of references) {
      const data = await this.d.storage.get(ref.large_key);
      const refFaces = data ? await this.d.engine.analyze(data) : [];
      if (mainFaces.some((m) => refFaces.some((r) => descriptorDistance(m.descriptor, r.descriptor) < threshold))) return true;
    }
    return false;
  }

  /** The selfie of an uncertain case for a valid signed admin link. */
  async selfie(attemptId: string, exp: number, sig: string): Promise<{ data: Buffer; maxAge: number }> {
    if (!(await this.d.photoUrls.verifyPath(selfiePath(attemptId), exp, sig))) throw new AppError('invalid_link');
    const attempt = await repo.findAttempt(this.d.db, attemptId);
    const data = attempt?.status === 'uncertain' && attempt.selfie_key ? await this.d.storage.get(attempt.selfie_key) : undefined;
    if (!data) throw new AppError('not_found', { params: { of: 'verification_selfie' } });
    return { data, maxAge: this.d.photoUrls.remaining(exp) };
  }

  /** The references prepared at the attempt's start if the member's approved photos are still the same, else fresh ones. */
  private async preparedReferences(attemptId: string, memberId: string): Promise<References> {
    const prepared = this.prepared.get(attemptId)?.references;
    this.prepared.delete(attemptId);
    // Taken from the shared store in any case, so the descriptors never outlive the check.
    const shared = this.d.shared.take(sharedKey(attemptId)).then(
      (v) => storedReferences.safeParse(v).data,
      () => undefined,
    );
    const current = (await this.d.photos.allOf(memberId)).filter((p) => visibleStatus(p) === 'approved').map((p) => p.id);
    const early = prepared ? await prepared.catch(() => undefined) : await shared;
    if (early && early.photoIds.join() === current.join()) return early;
    return this.references(memberId, early);
  }

  /**
   * The faces on the member's approved photos, in gallery order; the first is the main photo. Photos
   * already analysed in `known` (the same attempt's start) are not analysed again.
   */
  private async references(memberId: string, known?: References): Promise<References> {
    const approved = (await this.d.photos.allOf(memberId)).filter((p) => visibleStatus(p) === 'approved');
    const analysed = new Map(known?.photoIds.map((id, i) => [id, known.photos[i]] as const));
    const photos: ReferencePhoto[] = [];
    for (const [i, p] of approved.entries()) {
      let photo: Omit<ReferencePhoto, 'isMain'> | undefined = analysed.get(p.id);
      if (!photo) {
        const data = await this.d.storage.get(p.large_key);
        const faces = data ? await this.d.engine.analyze(data) : [];
        photo = { descriptors: faces.map((f) => f.descriptor), textures: faces.map((f) => f.texture) };
      }
      photos.push({ isMain: i === 0, ...photo });
    }
    return { photos, photoIds: approved.map((p) => p.id), mainPhotoId: approved[0]?.id ?? null };
  }

  private changed(tx: Parameters<EventBus['publishOnCommit']>[0], memberId: string): void {
    this.d.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
    this.d.events.publishOnCommit(tx, 'feed.stale', { userIds: [memberId] });
  }
}

interface References {
  photos: ReferencePhoto[];
  photoIds: string[];
  mainPhotoId: string | null;
}

/** References as another process shared them (checked: the store is outside this process). */
const storedReferences = z.object({
  photos: z.array(z.object({ isMain: z.boolean(), descriptors: z.array(z.array(z.number())), textures: z.array(z.array(z.number())) })),
  photoIds: z.array(z.string()),
  mainPhotoId: z.string().nullable(),
});

function sharedKey(attemptId: string): string {
  return `face-refs:${attemptId}`;
}

function selfiePath(attemptId: string): string {
  return pathOf(verificationEndpoints.selfie.path, { id: attemptId });
}
