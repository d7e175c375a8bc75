import type { Statement } from '@funkeln/contracts/decisions';
import { layout } from '../../platform/mail/mail-layout.js';
import type { OutgoingMail } from '../../platform/mail/outbox.repo.js';

const SIGN = 'Dein Funkeln-Team';

/** The statement of reasons (DSA Art. 17), with the link to see it and object (works while suspended). */
export function statementMail(to: string, name: string, s: Statement, link: string): OutgoingMail {
  const intro = `Hallo ${name},`;
  const lines = [
    `Was: ${s.object}`,
    `Warum: ${s.facts}`,
    `Regel: ${s.rule.title} – ${s.rule.text} ${s.rule.ground}`,
    `Wie entschieden wurde: ${s.automation}`,
    `Deine Möglichkeiten: ${s.redress}`,
  ];
  const note = 'Über den Link kannst du die Entscheidung jederzeit ansehen und widersprechen, auch wenn dein Konto gesperrt ist. Gib ihn nicht weiter.';
  return {
    to,
    subject: s.title,
    text: `${intro}\n\n${lines.join('\n\n')}\n\nEntscheidung ansehen und widersprechen:\n${link}\n\n${note}\n\n${SIGN}`,
    html: layout(s.title, [intro, ...lines], { label: 'Entscheidung ansehen und widersprechen', url: link }, [note]),
  };
}

/** The team's answer to an objection (DSA Art. 20(5)), with the further ways of redress. */
export function answerMail(to: string, name: string, s: Statement, reversed: boolean, answer: string, link: string): OutgoingMail {
  const subject = reversed ? 'Dein Widerspruch war erfolgreich' : 'Antwort auf deinen Widerspruch';
  const intro = `Hallo ${name},`;
  const outcome = reversed
    ? `ein Mensch aus unserem Team hat deinen Widerspruch geprüft und die Entscheidung „${s.title}“ aufgehoben.`
    : `ein Mensch aus unserem Team hat deinen Widerspruch geprüft. Die Entscheidung „${s.title}“ bleibt bestehen.`;
  const reply = `Antwort des Teams: ${answer}`;
  const further = reversed
    ? 'Du musst nichts weiter tun.'
    : 'Wenn du damit nicht einverstanden bist, kannst du dich an eine zugelassene außergerichtliche Streitbeilegungsstelle wenden (Art. 21 DSA) oder vor Gericht gehen.';
  return {
    to,
    subject,
    text: `${intro}\n\n${outcome}\n\n${reply}\n\n${further}\n\n${link}\n\n${SIGN}`,
    html: layout(subject, [intro, outcome, reply, further], { label: 'Entscheidung ansehen', url: link }),
  };
}
