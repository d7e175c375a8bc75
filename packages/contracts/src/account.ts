import { z } from 'zod';
import { password } from './auth.js';

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

/** POST /api/me/password */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Bitte gib dein aktuelles Passwort ein.'),
  newPassword: password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
