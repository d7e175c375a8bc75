import { defineErrors } from './define.js';

/** Data export, account erasure (a wrong password there is account's wrong_password). */
export const privacyErrors = defineErrors({
  fresh_login_required: {
    status: 403,
    message: 'Bitte melde dich zur Sicherheit neu an und lösche dein Konto dann innerhalb von 10 Minuten.',
  },
});

export const privacyLimits = { export: 'Du hast deine Daten gerade erst exportiert. Bitte versuche es später erneut.' } as const;
