import { layout } from '../../platform/mail/mail-layout.js';
import type { OutgoingMail } from '../../platform/mail/outbox.repo.js';
import type { NotificationKind } from './notification.js';
import { UNSUBSCRIBE_LINK_DAYS } from './unsubscribe-tokens.js';

/** What each kind of mail is about, as the unsubscribe page and the mails name it. */
export const MAIL_TOPIC: Record<NotificationKind, string> = {
  match: 'E-Mails zu neuen Matches',
  message: 'E-Mails zu neuen Nachrichten',
  flirt: 'E-Mails zu neuen Flirts',
};

export interface NotificationMailInput {
  kind: NotificationKind;
  to: string;
  name: string;
  /** The other member's display name (match and message only; never for a flirt). */
  otherName?: string;
  link: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

function content(kind: NotificationKind, other: string): { subject: string; text: string; action: string } {
  if (kind === 'match') return { subject: 'Du hast ein neues Match', text: `Du und ${other} habt euch gegenseitig geliked. Schreib doch gleich eine Nachricht!`, action: 'Zu deinen Matches' };
  if (kind === 'message') return { subject: 'Du hast eine neue Nachricht', text: `${other} hat dir auf Funkeln geschrieben. Lies die Nachricht in der App.`, action: 'Nachricht lesen' };
  return { subject: 'Jemand flirtet mit dir', text: 'Jemand hat dir auf Funkeln einen Flirt geschickt. Wer es ist, erfährst du, sobald ihr ein Match seid.', action: 'Flirts ansehen' };
}

/**
 * A notification mail: never the message text, never anyone's name for a flirt, and the other
 * member's display name only in the body (subjects show on lock screens).
 */
export function notificationMail(m: NotificationMailInput): OutgoingMail {
  const { subject, text, action } = content(m.kind, m.otherName ?? '');
  const intro = `Hallo ${m.name},`;
  const why = 'Du bekommst diese E-Mail, weil du gerade nicht bei Funkeln online bist. Bis du wieder vorbeischaust, schreiben wir dir dazu keine weitere E-Mail.';
  const optOut = `Keine ${MAIL_TOPIC[m.kind]} mehr? Abbestellen: ${m.unsubscribeUrl} (Dieser Link gilt ${UNSUBSCRIBE_LINK_DAYS} Tage.) Alle Benachrichtigungen stellst du in den Einstellungen ein: ${m.settingsUrl}`;
  return {
    to: m.to,
    subject,
    text: `${intro}\n\n${text}\n\n${m.link}\n\n${why}\n\n${optOut}\n\nDein Funkeln-Team`,
    html: layout(subject, [intro, text], { label: action, url: m.link }, [why, optOut]),
    headers: { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
