import { defineErrors } from './define.js';

/** Photo verification (selfie against the member's photos). */
export const verificationErrors = defineErrors({
  verification_consent_required: {
    status: 403,
    message: 'Für die Foto-Verifizierung brauchen wir zuerst deine ausdrückliche Einwilligung in die Verarbeitung biometrischer Daten.',
  },
  verification_no_photo: { status: 409, message: 'Lade zuerst ein Foto hoch, auf dem dein Gesicht zu sehen ist, und warte, bis es freigegeben ist.' },
  verification_attempt_used: { status: 409, message: 'Dieser Versuch ist abgelaufen oder schon benutzt. Starte die Verifizierung bitte neu.' },
  verification_pending: { status: 409, message: 'Deine letzte Verifizierung wird gerade von unserem Team geprüft. Bitte warte auf die Entscheidung.' },
  verification_decided: { status: 409, message: 'Über diese Verifizierung ist schon entschieden.' },
  verification_frames: { status: 400, message: 'Bitte sende zwischen 4 und 8 Kamerabilder im Feld „frame“.' },
  verification_unavailable: { status: 503, message: 'Die Gesichtsprüfung ist gerade nicht verfügbar. Bitte versuche es später erneut.' },
});

export const verificationNotFound = {
  verification_attempt: 'Diesen Verifizierungsversuch gibt es nicht.',
  verification_selfie: 'Dieses Selfie gibt es nicht mehr.',
} as const;

export const verificationLimits = {
  verification_day: 'Du hast heute schon 5 Verifizierungsversuche gebraucht. Versuche es morgen wieder.',
  verification_start: 'Du hast in kurzer Zeit sehr viele Verifizierungen gestartet. Bitte warte etwas.',
} as const;
