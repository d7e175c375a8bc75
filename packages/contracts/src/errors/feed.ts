import { RADIUS_MESSAGE } from '../feed.js';
import { defineErrors } from './define.js';

/** The feed: paging, radius, what a member needs before seeing suggestions. */
export const feedErrors = defineErrors({
  invalid_cursor: { status: 400, message: 'Ungültiger Cursor. Bitte lade die Vorschläge neu.' },
  invalid_radius: { status: 400, message: RADIUS_MESSAGE },
  profile_incomplete: {
    status: 409,
    message: 'Vervollständige zuerst dein Profil (Geburtsdatum, Geschlecht und wen du suchst), dann zeigen wir dir passende Singles.',
  },
  no_place: { status: 400, message: 'Lege zuerst deinen Wohnort fest, um im Umkreis zu suchen.' },
});
