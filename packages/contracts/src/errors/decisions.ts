import { defineErrors } from './define.js';

/** Statements of reasons and objections. */
export const decisionsErrors = defineErrors({
  // One answer for an unknown, changed and expired link: it tells nothing about which it was.
  decision_link_invalid: { status: 404, message: 'Dieser Link ist ungültig oder abgelaufen.' },
  objection_period_over: { status: 409, message: 'Die Frist für einen Widerspruch (6 Monate) ist abgelaufen.' },
  objection_decided: { status: 409, message: 'Über diesen Widerspruch wurde schon entschieden.' },
  objection_superseded: {
    status: 409,
    message: 'Zu diesem Inhalt gibt es inzwischen eine neuere Entscheidung, die bestehen bleibt. Weise diesen Widerspruch ab und erkläre das in deiner Antwort, oder entscheide zuerst über die neuere Entscheidung.',
  },
  objection_own: { status: 403, message: 'Über einen Widerspruch zu deinem eigenen Konto entscheidet eine andere Person aus dem Team.' },
});

export const decisionsNotFound = {
  decision: 'Diese Entscheidung gibt es nicht.',
  objection: 'Diesen Widerspruch gibt es nicht.',
  message: 'Diese Nachricht gibt es nicht.',
} as const;

export const decisionsLimits = {
  objection: 'Du hast in kurzer Zeit sehr oft versucht, diese Seite zu öffnen. Bitte warte etwas.',
} as const;
