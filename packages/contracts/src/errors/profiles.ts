import { TOO_YOUNG } from '../profiles.js';
import { defineErrors } from './define.js';

/** The member's own profile. */
export const profilesErrors = defineErrors({
  too_young: { status: 400, message: TOO_YOUNG },
  invalid_birth_date: { status: 400, message: 'Bitte gib dein echtes Geburtsdatum an.' },
  unknown_place: { status: 400, message: 'Diesen Ort kennen wir nicht. Bitte wähle deinen Wohnort aus der Liste.' },
  invalid_age_range: { status: 400, message: 'Das Mindestalter darf nicht über dem Höchstalter liegen.' },
});

export const profilesNotFound = { profile: 'Dieses Profil gibt es nicht oder es ist nicht sichtbar.' } as const;

export const profilesLimits = {
  place_change: 'Du hast deinen Wohnort heute schon mehrmals geändert. Bitte versuche es morgen wieder.',
} as const;
