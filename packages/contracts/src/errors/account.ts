import { defineErrors } from './define.js';

/** The member's own account: password change (the erasure checks the password with the same code). */
export const accountErrors = defineErrors({
  wrong_password: {
    status: 403,
    message: ({ of }: { of?: 'current' }) => (of === 'current' ? 'Das aktuelle Passwort ist nicht richtig.' : 'Das Passwort ist nicht richtig.'),
  },
  terms_outdated: { status: 409, message: 'Diese Fassung der AGB ist nicht die aktuelle. Bitte lade die Seite neu und lies die aktuelle Fassung.' },
});

export const accountLimits = { password_change: 'Zu viele Versuche. Bitte warte etwas.' } as const;
