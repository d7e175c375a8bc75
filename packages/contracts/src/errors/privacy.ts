import { defineErrors } from './define.js';

/** Password change, data export, account erasure. */
export const privacyErrors = defineErrors({
  wrong_password: {
    status: 403,
    message: ({ of }: { of?: 'current' }) => (of === 'current' ? 'Das aktuelle Passwort ist nicht richtig.' : 'Das Passwort ist nicht richtig.'),
  },
  fresh_login_required: {
    status: 403,
    message: 'Bitte melde dich zur Sicherheit neu an und lösche dein Konto dann innerhalb von 10 Minuten.',
  },
});

export const privacyLimits = {
  export: 'Du hast deine Daten gerade erst exportiert. Bitte versuche es später erneut.',
  password_change: 'Zu viele Versuche. Bitte warte etwas.',
} as const;
