import { defineErrors } from './define.js';

/** Web Push subscriptions. */
export const pushErrors = defineErrors({
  invalid_key: { status: 400, message: 'Der Schlüssel p256dh ist ungültig.' },
});

export const pushLimits = { push: 'Du hast Push-Benachrichtigungen sehr oft umgestellt. Bitte warte etwas.' } as const;
