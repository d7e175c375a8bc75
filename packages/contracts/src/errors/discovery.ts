import { RADIUS_MESSAGE } from '../discovery.js';
import { defineErrors } from './define.js';

/** The feed, likes, flirts, matches and blocks. */
export const discoveryErrors = defineErrors({
  invalid_cursor: { status: 400, message: 'Ungültiger Cursor. Bitte lade die Vorschläge neu.' },
  invalid_radius: { status: 400, message: RADIUS_MESSAGE },
  profile_incomplete: {
    status: 409,
    message: 'Vervollständige zuerst dein Profil (Geburtsdatum, Geschlecht und wen du suchst), dann zeigen wir dir passende Singles.',
  },
  no_place: { status: 400, message: 'Lege zuerst deinen Wohnort fest, um im Umkreis zu suchen.' },
  /** A signed image link (flirt or photo) that is wrong or expired. */
  invalid_link: { status: 403, message: 'Dieser Bildlink ist ungültig oder abgelaufen.' },
  self_like: { status: 400, message: 'Du kannst dich nicht selbst liken.' },
  self_block: { status: 400, message: 'Du kannst dich nicht selbst blockieren.' },
});

export const discoveryNotFound = {
  flirt: 'Diesen Flirt gibt es nicht mehr.',
  member: 'Dieses Mitglied gibt es nicht oder es ist nicht erreichbar.',
  match: 'Dieses Match gibt es nicht.',
} as const;

export const discoveryLimits = { swipe: 'Du swipest sehr schnell. Bitte mach eine kurze Pause.' } as const;
