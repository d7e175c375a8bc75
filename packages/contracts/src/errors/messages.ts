import { count, credits } from '../plural.js';
import { defineErrors } from './define.js';

/** Conversations and messages. */
export const messagesErrors = defineErrors({
  self_message: { status: 400, message: 'Du kannst dir nicht selbst schreiben.' },
  not_liked: { status: 403, message: 'Dieses Mitglied empfängt nur Nachrichten von Mitgliedern, die es geliked hat.' },
  client_id_conflict: { status: 409, message: 'Diese Nachrichten-ID wurde schon für eine andere Nachricht verwendet.' },
  profile_required: {
    status: 403,
    message: ({ of }: { of?: 'vote' | 'share' }) =>
      of === 'vote'
        ? 'Lege zuerst dein Profil an, dann kannst du abstimmen.'
        : of === 'share'
          ? 'Lege zuerst dein Profil an, dann kannst du es teilen.'
          : 'Lege zuerst dein Profil an, dann kannst du Nachrichten schreiben.',
  },
  daily_limit: {
    status: 429,
    message: ({ perDay }: { perDay: number }) => `Du hast heute schon ${count(perDay, 'Antwort', 'Antworten')} geschrieben. Morgen kannst du wieder antworten.`,
  },
  free_credits_limit: {
    status: 429,
    message: ({ freeCap, left }: { freeCap: number; left: number }) =>
      `Aus Gratis-Credits kannst du höchstens ${credits(freeCap)} pro Tag als vorbezahlte Antwort weitergeben, heute noch ${left}. Gekaufte Credits kannst du ohne Grenze verwenden.`,
  },
  bad_cursor: { status: 400, message: 'Ungültiger Cursor.' },
  /** "Bist du sicher?": the web shows this text under the question, with "Nachricht bearbeiten" and "Trotzdem senden". */
  message_nudge: {
    status: 409,
    message: ({ reason }: { reason: 'insult' | 'threat' | 'sexual' }) =>
      reason === 'threat'
        ? 'Deine Nachricht könnte als Drohung verstanden werden.'
        : reason === 'sexual'
          ? 'Deine Nachricht könnte anzüglich oder aufdringlich wirken.'
          : 'Deine Nachricht könnte beleidigend wirken.',
  },
  pattern_flag_dismissed: { status: 409, message: 'Um diesen Hinweis hat sich schon jemand aus dem Team gekümmert.' },
});

export const messagesNotFound = { conversation: 'Diese Unterhaltung gibt es nicht.', pattern_flag: 'Diesen Hinweis gibt es nicht.' } as const;

export const messagesLimits = { message: 'Du schreibst sehr schnell. Bitte warte einen Moment.' } as const;
