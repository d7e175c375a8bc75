import { MAX_INTERESTS, MAX_PROMPT_ANSWER, MAX_PROMPTS } from '../profile-details.js';
import { TOO_YOUNG } from '../profiles.js';
import { defineErrors } from './define.js';

/** The member's own profile. */
export const profilesErrors = defineErrors({
  too_young: { status: 400, message: TOO_YOUNG },
  invalid_birth_date: { status: 400, message: 'Bitte gib dein echtes Geburtsdatum an.' },
  unknown_place: { status: 400, message: 'Diesen Ort kennen wir nicht. Bitte wähle deinen Wohnort aus der Liste.' },
  invalid_age_range: { status: 400, message: 'Das Mindestalter darf nicht über dem Höchstalter liegen.' },
  unknown_interest: { status: 400, message: 'Dieses Interesse gibt es nicht. Bitte wähle aus der Liste.' },
  duplicate_interest: { status: 400, message: 'Jedes Interesse nur einmal auswählen.' },
  too_many_interests: { status: 400, message: `Höchstens ${MAX_INTERESTS} Interessen.` },
  unknown_prompt: { status: 400, message: 'Diese Frage gibt es nicht. Bitte wähle eine aus der Liste.' },
  duplicate_prompt: { status: 400, message: 'Jede Frage nur einmal beantworten.' },
  too_many_prompts: { status: 400, message: `Höchstens ${MAX_PROMPTS} Fragen beantworten.` },
  prompt_answer_empty: { status: 400, message: 'Bitte schreib eine Antwort auf die Frage.' },
  prompt_answer_too_long: { status: 400, message: `Eine Antwort darf höchstens ${MAX_PROMPT_ANSWER} Zeichen lang sein.` },
});

export const profilesNotFound = { profile: 'Dieses Profil gibt es nicht oder es ist nicht sichtbar.' } as const;

export const profilesLimits = {
  place_change: 'Du hast deinen Wohnort heute schon mehrmals geändert. Bitte versuche es morgen wieder.',
} as const;
