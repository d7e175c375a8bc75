import { z } from 'zod';
import { id } from './fields.js';

/** One side of a flagged pair as the team sees it (admins only): the photo, its state, its account. */
export const duplicateSide = z.object({
  photoId: z.string(),
  thumbUrl: z.string(),
  uploadedAt: z.string(),
  status: z.string(),
  disabled: z.boolean(),
  memberId: z.string(),
  memberName: z.string(),
  suspended: z.boolean(),
});
export type DuplicateSide = z.infer<typeof duplicateSide>;

/** GET /api/admin/photos/duplicates: a new photo (`photo`) that looks like another account's (`other`). */
export const duplicateFlag = z.object({
  id: z.string(),
  /** Differing bits of the perceptual hashes (0 = the same picture). */
  distance: z.number().int(),
  /** The copy is mirrored left-right. */
  mirrored: z.boolean(),
  createdAt: z.string(),
  photo: duplicateSide,
  other: duplicateSide,
});
export type DuplicateFlag = z.infer<typeof duplicateFlag>;
export const duplicateFlagsResponse = z.array(duplicateFlag);
export const duplicateFlagParams = z.object({ id: id('Ungültige Hinweis-ID.') });
