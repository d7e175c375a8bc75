import { defineErrors } from './define.js';

const notEligible = {
  login_claimed: 'Die tägliche Login-Belohnung hast du heute schon abgeholt. Morgen gibt es wieder Credits.',
  upload_photo_claimed: 'Die Belohnung für dein erstes Foto hast du schon abgeholt.',
  get_vote_claimed: 'Die Stimmen-Belohnung hast du heute schon abgeholt. Morgen gibt es wieder eine Chance.',
  no_photo: 'Lade zuerst ein Foto hoch. Sobald es freigegeben ist, kannst du die Belohnung abholen.',
  no_vote: 'Dein Foto hat heute noch keine Stimme bekommen. Schau später wieder vorbei.',
} as const;

export type NotEligibleReason = keyof typeof notEligible;

/** Credits: the ledger, purchases, rewards, idempotent requests. */
export const walletErrors = defineErrors({
  insufficient_credits: {
    status: 402,
    message: ({ need, have }: { need: number; have: number }) => `Nicht genug Credits: Du brauchst ${need}, hast aber ${have}.`,
  },
  bad_signature: { status: 400, message: 'Ungültige Webhook-Signatur.' },
  idempotency_conflict: { status: 409, message: 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.' },
  not_eligible: { status: 409, message: ({ reason }: { reason: NotEligibleReason }) => notEligible[reason] },
  unknown_pack: { status: 400, message: 'Unbekanntes Credit-Paket.' },
  payments_unavailable: { status: 503, message: 'Käufe sind derzeit nicht möglich. Bitte versuche es später erneut.' },
});
