import { COMPANION_UNAVAILABLE } from '../companion.js';
import { defineErrors } from './define.js';

/** The Digital Friend. */
export const companionErrors = defineErrors({
  companion_unavailable: { status: 503, message: COMPANION_UNAVAILABLE },
});

export const companionNotFound = { memory: 'Diese Erinnerung gibt es nicht.' } as const;

export const companionLimits = {
  companion: 'Du schreibst sehr schnell. Bitte warte einen Moment.',
  memory: 'Du speicherst sehr viele Erinnerungen. Bitte warte etwas.',
} as const;
