import { z } from 'zod';
import { id, text } from './fields.js';

/** POST /api/admin/maintenance/cleanup-tokens */
export const cleanupResponse = z.object({
  expiredVerifyDeleted: z.number().int(),
  expiredResetDeleted: z.number().int(),
  usedVerifyPruned: z.number().int(),
  usedResetPruned: z.number().int(),
});
export type CleanupResponse = z.infer<typeof cleanupResponse>;

/** GET /api/admin/photos/pending: spec fields plus a thumbnail link and the model's scores. */
export const pendingPhoto = z.object({
  id: z.string(),
  user_id: z.string(),
  moderation_status: z.string(),
  moderation_label: z.string().nullable(),
  thumbUrl: z.string(),
  scores: z.record(z.string(), z.number()),
  created_at: z.string(),
  /** Additive (issue 19): the face check at upload found no face ('kein Gesicht'); false when it found one or did not run. */
  no_face: z.boolean(),
  /** Additive (issue 20): the owner's display name, so the queue names members instead of showing ids. */
  user_name: z.string(),
});
export type PendingPhoto = z.infer<typeof pendingPhoto>;
export const pendingPhotosResponse = z.array(pendingPhoto);
export const photoIdParams = z.object({ id: id('Ungültige Foto-ID.') });
export const photoActionParams = z.object({ id: id('Ungültige Foto-ID.'), action: z.enum(['enable', 'disable'], { error: 'Erlaubt sind enable und disable.' }) });

/** A reported photo as the admin sees it: a signed thumbnail link (as in the photo queue) and its state. */
export const reportedPhoto = z.object({
  id: z.string(),
  thumbUrl: z.string(),
  moderation_status: z.string(),
  /** Hidden by an admin ('Sperren'); 'Freigeben' shows it again. */
  disabled: z.boolean(),
});
export type ReportedPhoto = z.infer<typeof reportedPhoto>;

/** GET /api/admin/reports: spec fields plus the reported member, the status and the time. */
export const adminReport = z.object({
  id: z.string(),
  photo_id: z.string().nullable(),
  message_id: z.string().nullable(),
  reporter: z.string(),
  reason: z.string(),
  details: z.string(),
  reported: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  created_at: z.string(),
  /** Additive (issue 20): for a photo report the photo itself, null for other reports or when the photo is deleted. */
  photo: reportedPhoto.nullable(),
  /** Additive (issue 57): a member's in-app report or a notice (DSA Art. 16, also from visitors). */
  channel: z.enum(['report', 'notice']),
  category: z.enum(['house_rules', 'illegal']),
  /** The reporter confirmed her statements are accurate and complete. */
  good_faith: z.boolean(),
  /** The messages she attached with her consent, oldest first; null when none. Admins only. */
  evidence: z.array(z.object({ from: z.enum(['reporter', 'reported']), body: z.string(), sentAt: z.string() })).nullable(),
  /** The team's note to the reporter, sent with the decision. */
  note: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;
export const adminReportsResponse = z.array(adminReport);
export const reportIdParams = z.object({ id: id('Ungültige Meldungs-ID.') });
/** Additive (issue 57): an optional note to the reporter, sent with the decision (it must say nothing about the reported member). */
export const resolveReportBody = z.object({
  status: z.enum(['resolved', 'dismissed']).default('resolved'),
  note: text({ max: 500, multiline: true, tooLong: 'Die Anmerkung darf höchstens 500 Zeichen lang sein.' }).optional(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  admin: z.string(),
  action: z.string(),
  target: z.string(),
  /** Additive (issue 20): the display name of the member the action concerned (photo owner, verified, suspended or reported member); null if none or deleted. */
  member: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = z.array(auditEntry);

export const memberIdParams = z.object({ id: id('Ungültige Mitglieds-ID.') });
