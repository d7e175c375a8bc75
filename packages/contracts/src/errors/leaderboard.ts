import { defineErrors } from './define.js';

/** Photo voting and the leaderboard. */
export const leaderboardErrors = defineErrors({
  own_photo: { status: 400, message: 'Für dein eigenes Foto kannst du nicht abstimmen.' },
  invalid_entry_photo: { status: 400, message: 'Wähle für jede Kategorie eines deiner freigegebenen Fotos.' },
  already_voted: { status: 409, message: 'Für dieses Foto hast du diesen Monat schon abgestimmt.' },
});

export const leaderboardNotFound = { votable_photo: 'Dieses Foto nimmt in dieser Kategorie nicht (mehr) teil.' } as const;

export const leaderboardLimits = {
  vote_minute: 'Du bewertest sehr schnell. Bitte mach eine kurze Pause.',
  vote_day: 'Für heute hast du genug bewertet. Morgen geht es weiter.',
} as const;
