import { z } from 'zod';
import { queryInt, id } from './fields.js';

/**
 * Photo verification (issue 19): a selfie in a random pose, compared by a face model with the
 * member's photos. Biometric data (Art. 9 DSGVO): only with explicit consent, withdrawable.
 */

/** The poses a member is asked for; left/right are the member's own, in an unmirrored camera frame. */
export const verificationInstructions = ['turn_left', 'turn_right', 'tilt'] as const;
export type VerificationInstruction = (typeof verificationInstructions)[number];

/** What the member reads at the moment of capture. */
export const instructionTexts: Record<VerificationInstruction, string> = {
  turn_left: 'Dreh den Kopf nach links',
  turn_right: 'Dreh den Kopf nach rechts',
  tilt: 'Neig den Kopf zur Seite',
};

/** Why a selfie did not verify the member. */
export const verificationFailures = ['no_face', 'multiple_faces', 'pose_mismatch', 'no_reference_face', 'face_mismatch', 'photo_copy', 'no_liveness'] as const;
export type VerificationFailure = (typeof verificationFailures)[number];

export const failureTexts: Record<VerificationFailure, string> = {
  no_face: 'Auf deiner Aufnahme ist nicht durchgehend ein Gesicht zu erkennen. Achte auf gutes Licht und halte dein ganzes Gesicht ins Bild.',
  multiple_faces: 'Auf deiner Aufnahme sind mehrere Gesichter. Bitte sei allein im Bild.',
  pose_mismatch: 'Deine Kopfhaltung passt nicht zur Anweisung. Bitte folge der Anweisung, bis die Aufnahme endet.',
  no_reference_face: 'Auf deinem Hauptfoto ist kein Gesicht zu erkennen. Wähle ein Hauptfoto, das dein Gesicht zeigt.',
  face_mismatch: 'Dein Gesicht passt nicht zu deinen Fotos.',
  photo_copy: 'Die Aufnahme ist eine Kopie eines deiner Fotos. Bitte nimm dich live mit der Kamera auf.',
  no_liveness:
    'Wir konnten keine echte Kopfbewegung erkennen. Schau zuerst gerade in die Kamera und folge dann langsam der Anweisung, ohne das Gesicht aus dem Bild zu nehmen.',
};

/** What the member reads after the team refused their latest selfie. */
export const TEAM_REFUSED_TEXT = 'Unser Team konnte dein Selfie nicht deinen Fotos zuordnen. Du kannst es mit einem neuen Selfie erneut versuchen.';

/** The badge's label on cards and profiles. */
export const PHOTO_VERIFIED_LABEL = 'Foto verifiziert';

/** At most this many selfies are checked per member and day (Europe/Berlin). */
export const VERIFICATION_TRIES_PER_DAY = 5;

/**
 * The liveness recording: camera frames (multipart parts named `frame`, JPEG/PNG/WebP), from a frontal
 * look into the asked pose, in the order taken. The web app takes VERIFICATION_FRAMES_RECOMMENDED over
 * VERIFICATION_RECORDING_MS.
 */
export const VERIFICATION_FRAMES_MIN = 4;
export const VERIFICATION_FRAMES_MAX = 8;
export const VERIFICATION_FRAMES_RECOMMENDED = 6;
export const VERIFICATION_RECORDING_MS = 2500;
/** Each frame's size limit (a camera frame of 1280 px as JPEG is ~150 KB). */
export const VERIFICATION_FRAME_MAX_BYTES = 2 * 1024 * 1024;

export const verificationConsentBody = z.object({ given: z.boolean({ error: 'Bitte gib an, ob du einwilligst.' }) });

/** GET /api/me/verification: consent, badge, a case waiting for an admin, tries left today. */
export const verificationStatusResponse = z.object({
  consent: z.enum(['given', 'withdrawn', 'unknown']),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  pending: z.boolean(),
  triesLeft: z.number().int().min(0),
  /** The team's decision on the member's latest checked selfie, when it went to the team (null otherwise). */
  teamDecision: z.enum(['approved', 'rejected']).nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusResponse>;

/** POST /api/me/verification/attempts: the pose to take, bound to this attempt. */
export const verificationAttemptResponse = z.object({
  attemptId: z.uuid(),
  instruction: z.enum(verificationInstructions),
  instructionText: z.string(),
  expiresAt: z.string(),
});
export type VerificationAttempt = z.infer<typeof verificationAttemptResponse>;

export const verificationAttemptParams = z.object({ id: id() });

/** POST /api/me/verification/attempts/:id/selfie (the frames): verified, waiting for an admin, or refused with the German reason. */
export const verificationResultResponse = z.object({
  outcome: z.enum(['verified', 'pending', 'refused']),
  reason: z.enum(verificationFailures).nullable(),
  message: z.string(),
  triesLeft: z.number().int().min(0),
});
export type VerificationResult = z.infer<typeof verificationResultResponse>;

/** GET /api/admin/verifications: uncertain cases, the selfie beside the main photo. */
export const pendingVerificationsResponse = z.object({
  items: z.array(
    z.object({
      attemptId: z.uuid(),
      userId: z.uuid(),
      displayName: z.string(),
      instructionText: z.string(),
      mainDistance: z.number().nullable(),
      checkedAt: z.string(),
      selfieUrl: z.string(),
      photoUrl: z.string().nullable(),
    }),
  ),
});
export type PendingVerifications = z.infer<typeof pendingVerificationsResponse>;

export const verificationDecisionBody = z.object({ approve: z.boolean({ error: 'Bitte entscheide: freigeben oder ablehnen.' }) });
export const verificationDecisionResponse = z.object({ outcome: z.enum(['approved', 'refused']) });

/** The selfie behind a signed admin link. */
export const selfieFileQuery = z.object({ exp: queryInt(1, Number.MAX_SAFE_INTEGER), sig: z.string().min(20).max(100) });
