import { z } from 'zod';

/**
 * The version of the AGB in force: the date the text took effect. Change it with the text
 * (terms-text.ts); members who accepted an older version are asked once on their next visit.
 */
export const TERMS_VERSION = '2026-12-08';

/** POST /api/me/terms: the member agrees to the version her page showed (a stale page gets 409). */
export const termsAcceptBody = z.object({
  version: z.string({ error: 'Bitte gib die Fassung der AGB an.' }).max(20, 'Unbekannte Fassung der AGB.'),
});
export const termsAcceptResponse = z.object({ version: z.string() });

/**
 * § 356 (5) BGB: the express consent to performance before the withdrawal period ends and the
 * acknowledgement that the right of withdrawal is lost with it. The checkbox shows it, the
 * purchase records it, the confirmation mail repeats it.
 */
export const WITHDRAWAL_CONSENT =
  'Ich möchte, dass die Credits sofort gutgeschrieben werden. Ich stimme ausdrücklich zu, dass Funkeln vor Ablauf der Widerrufsfrist mit der Ausführung des Vertrags beginnt, und mir ist bekannt, dass ich dadurch mein Widerrufsrecht verliere.';
export const WITHDRAWAL_CONSENT_MISSING = 'Bitte bestätige vor dem Kauf, dass die Credits sofort gutgeschrieben werden dürfen und dein Widerrufsrecht damit erlischt.';
