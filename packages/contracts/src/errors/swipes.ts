import { defineErrors } from './define.js';

/** Likes, flirts and matches. */
export const swipesErrors = defineErrors({
  /** A signed image link (flirt or photo) that is wrong or expired. */
  invalid_link: { status: 403, message: 'Dieser Bildlink ist ungültig oder abgelaufen.' },
  self_like: { status: 400, message: 'Du kannst dich nicht selbst liken.' },
});

export const swipesNotFound = {
  flirt: 'Diesen Flirt gibt es nicht mehr.',
  member: 'Dieses Mitglied gibt es nicht oder es ist nicht erreichbar.',
  match: 'Dieses Match gibt es nicht.',
} as const;

export const swipesLimits = { swipe: 'Du swipest sehr schnell. Bitte mach eine kurze Pause.' } as const;
