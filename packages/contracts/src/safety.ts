import { z } from 'zod';
import { password } from './auth.js';
import { text } from './fields.js';

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

/** POST /api/reports: exactly one of photoId, userId, messageId; optionally block at once. */
export const reportBody = z
  .object({
    photoId: z.uuid('Ungültige Foto-ID.').optional(),
    userId: z.uuid('Ungültige Mitglieds-ID.').optional(),
    messageId: z.uuid('Ungültige Nachrichten-ID.').optional(),
    reason: z.enum(reasonKeys, { error: 'Bitte wähle einen Grund aus der Liste.' }),
    details: text({ max: 1000, multiline: true, tooLong: 'Die Beschreibung darf höchstens 1000 Zeichen lang sein.' }).default(''),
    block: z.boolean().default(false),
  })
  .refine((b) => [b.photoId, b.userId, b.messageId].filter(Boolean).length === 1, {
    message: 'Bitte melde genau ein Foto, ein Profil oder eine Nachricht.',
  });
export const reportResponse = z.object({ id: z.string(), message: z.string() });

/** GET/PUT /api/me/settings */
export const memberSettings = z.object({
  messagePref: z.enum(['everyone', 'liked'], { error: 'Erlaubt sind everyone und liked.' }),
  /** Master switch for every notification mail; the three below choose per kind. */
  emailNotifications: z.boolean(),
  shareEnabled: z.boolean(),
  readReceipts: z.boolean(),
  emailOnMatch: z.boolean(),
  emailOnMessage: z.boolean(),
  emailOnFlirt: z.boolean(),
  pushPreviews: z.boolean(),
});
export type MemberSettings = z.infer<typeof memberSettings>;
export const memberSettingsUpdate = memberSettings.partial().strict();

/** GET/PUT /api/me/consent: explicit consent to process gender and wishes (Art. 9 DSGVO). */
export const consentBody = z.object({ orientation: z.boolean({ error: 'Bitte gib an, ob du einwilligst.' }) });
export const consentResponse = z.object({
  orientation: z.enum(['given', 'withdrawn', 'unknown']),
  history: z.array(z.object({ given: z.boolean(), at: z.string() })),
});
export type ConsentResponse = z.infer<typeof consentResponse>;

/** POST /api/me/password */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Bitte gib dein aktuelles Passwort ein.'),
  newPassword: password,
});

/** DELETE /api/me: the password, or (accounts without one) a sign-in of the last 10 minutes. */
export const deleteAccountBody = z.object({ password: z.string().max(200).optional() });
