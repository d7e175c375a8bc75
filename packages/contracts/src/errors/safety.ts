import { defineErrors } from './define.js';

/** Reports by members. */
export const safetyErrors = defineErrors({
  self_report: { status: 400, message: 'Du kannst dich nicht selbst melden.' },
});

export const safetyNotFound = { reported: 'Das Gemeldete gibt es nicht oder du kannst es nicht sehen.' } as const;

export const safetyLimits = {
  report: 'Du hast in kurzer Zeit sehr viele Meldungen abgeschickt. Bitte warte etwas.',
  notice: 'Von deinem Anschluss kamen in kurzer Zeit sehr viele Meldungen. Bitte versuche es später noch einmal.',
  notice_target: 'Diesen Inhalt hast du heute schon gemeldet. Wir kümmern uns darum.',
} as const;
