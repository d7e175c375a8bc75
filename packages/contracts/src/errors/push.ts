import { defineErrors } from './define.js';

/** Web Push subscriptions. */
export const pushErrors = defineErrors({
  invalid_key: { status: 400, message: 'Der Schlüssel p256dh ist ungültig.' },
  push_endpoint_refused: { status: 400, message: 'Diese Push-Adresse nehmen wir nicht an: Push-Nachrichten gehen nur an den Push-Dienst deines Browsers.' },
});

export const pushLimits = { push: 'Du hast Push-Benachrichtigungen sehr oft umgestellt. Bitte warte etwas.' } as const;
