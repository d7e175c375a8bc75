import { allReasons, type AnyReason, outcomeTexts } from '@funkeln/contracts/safety';
import { layout } from '../../platform/mail/mail-layout.js';
import type { OutgoingMail } from '../../platform/mail/outbox.repo.js';

/** The reference a reporter quotes: the report id's first eight digits, in capitals. */
export const reportRef = (id: string) => id.slice(0, 8).toUpperCase();

/** What was reported, in German words. */
export type ReportedThing = 'profile' | 'photo' | 'message';
const THING: Record<ReportedThing, string> = { profile: 'ein Profil', photo: 'ein Foto', message: 'eine Nachricht' };

export const reasonLabel = (reason: string) => (Object.hasOwn(allReasons, reason) ? allReasons[reason as AnyReason] : reason);

function mail(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }, after: string[]): OutgoingMail {
  return {
    to,
    subject,
    text: `${[...paragraphs, `${action.label}: ${action.url}`, ...after].join('\n\n')}\n\nDein Funkeln-Team`,
    html: layout(subject, paragraphs, action, after),
  };
}

/**
 * The receipt (DSA Art. 16(4)), the same whatever became of the notice: it names only what the
 * reporter said, never the reported member.
 */
export function receiptMail(to: string, r: { id: string; thing: ReportedThing; reason: string; action: { label: string; url: string } }): OutgoingMail {
  return mail(
    to,
    `Deine Meldung ${reportRef(r.id)} ist eingegangen`,
    [
      'Hallo,',
      `danke, dass du uns ${THING[r.thing]} gemeldet hast (Grund: ${reasonLabel(r.reason)}). Deine Meldung hat die Nummer ${reportRef(r.id)}.`,
      'Ein Mensch aus unserem Team prüft sie sorgfältig. Sobald wir entschieden haben, schreiben wir dir, was daraus geworden ist.',
    ],
    r.action,
    ['Wenn du diese Meldung nicht abgeschickt hast, kannst du diese E-Mail ignorieren.'],
  );
}

/** The outcome (Art. 16(5)): the decision in one sentence and the team's note, nothing about the reported member. */
export function outcomeMail(
  to: string,
  r: { id: string; status: 'resolved' | 'dismissed'; note: string | null; action: { label: string; url: string } },
): OutgoingMail {
  const note = r.note ? [`Eine Anmerkung unseres Teams: ${r.note}`] : [];
  return mail(
    to,
    `Deine Meldung ${reportRef(r.id)}: unsere Entscheidung`,
    ['Hallo,', `wir haben deine Meldung ${reportRef(r.id)} geprüft. ${outcomeTexts[r.status]}`, ...note],
    r.action,
    [
      'Wenn du mit der Entscheidung nicht einverstanden bist, antworte uns innerhalb von sechs Monaten über die Kontaktdaten im Impressum. Du kannst dich auch an eine außergerichtliche Streitbeilegungsstelle oder an ein Gericht wenden.',
      'Danke, dass du hilfst, Funkeln sicher zu machen.',
    ],
  );
}
