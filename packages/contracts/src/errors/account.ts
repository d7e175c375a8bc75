import { defineErrors } from './define.js';

/** The member's own account: password change (the erasure checks the password with the same code). */
export const accountErrors = defineErrors({
  wrong_password: {
    status: 403,
    message: ({ of }: { of?: 'current' }) => (of === 'current' ? 'Das aktuelle Passwort ist nicht richtig.' : 'Das Passwort ist nicht richtig.'),
  },
});

export const accountLimits = { password_change: 'Zu viele Versuche. Bitte warte etwas.' } as const;
