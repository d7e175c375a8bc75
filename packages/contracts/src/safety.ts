import { z } from 'zod';
import { text, id } from './fields.js';

/** The fixed reasons a member can report, with their German wording. */
export const reportReasons = {
  inappropriate_photo: 'Unangemessenes Foto',
  fake_profile: 'Fake-Profil',
  harassment: 'Belästigung oder Beleidigung',
  spam: 'Spam oder Werbung',
  underage: 'Vermutlich minderjährig',
  scam: 'Betrugsverdacht',
  other: 'Sonstiges',
} as const;
export type ReportReason = keyof typeof reportReasons;
const reasonKeys = Object.keys(reportReasons) as [ReportReason, ...ReportReason[]];

/** POST /api/reports: exactly one of photoId, userId (the reported member; the wire key stays), messageId; optionally block at once. */
export const reportBody = z
  .object({
    photoId: id('Ungültige Foto-ID.').optional(),
    userId: id('Ungültige Mitglieds-ID.').optional(),
    messageId: id('Ungültige Nachrichten-ID.').optional(),
    reason: z.enum(reasonKeys, { error: 'Bitte wähle einen Grund aus der Liste.' }),
    details: text({ max: 1000, multiline: true, tooLong: 'Die Beschreibung darf höchstens 1000 Zeichen lang sein.' }).default(''),
    block: z.boolean().default(false),
  })
  .refine((b) => [b.photoId, b.userId, b.messageId].filter(Boolean).length === 1, {
    message: 'Bitte melde genau ein Foto, ein Profil oder eine Nachricht.',
  });
export const reportResponse = z.object({ id: z.string(), message: z.string() });
