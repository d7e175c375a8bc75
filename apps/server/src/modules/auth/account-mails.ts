import { layout } from '../../platform/mail/mail-layout.js';
import type { OutgoingMail } from '../../platform/mail/outbox.repo.js';

export function verificationMail(to: string, name: string, link: string): OutgoingMail {
  const intro = `Hallo ${name},`;
  const text = 'bitte bestätige deine E-Mail-Adresse, damit du alle Funktionen von Funkeln nutzen kannst.';
  const note = 'Der Link ist 48 Stunden gültig. Wenn du dich nicht bei Funkeln registriert hast, kannst du diese E-Mail ignorieren.';
  return {
    to,
    subject: 'Bitte bestätige deine E-Mail-Adresse',
    text: `${intro}\n\n${text}\n\n${link}\n\n${note}\n\nDein Funkeln-Team`,
    html: layout('Bitte bestätige deine E-Mail-Adresse', [intro, text], { label: 'E-Mail-Adresse bestätigen', url: link }, [note]),
  };
}

export function passwordResetMail(to: string, name: string, link: string): OutgoingMail {
  const intro = `Hallo ${name},`;
  const text = 'du hast ein neues Passwort für Funkeln angefordert. Über den folgenden Link kannst du es festlegen.';
  const note = 'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Wenn du kein neues Passwort angefordert hast, ignoriere diese E-Mail – dein Passwort bleibt unverändert.';
  return {
    to,
    subject: 'Passwort zurücksetzen',
    text: `${intro}\n\n${text}\n\n${link}\n\n${note}\n\nDein Funkeln-Team`,
    html: layout('Passwort zurücksetzen', [intro, text], { label: 'Neues Passwort festlegen', url: link }, [note]),
  };
}

/** Sent to the owner when someone registers with an address that already has an account. */
export function registrationAttemptMail(to: string, name: string, loginLink: string, resetLink: string): OutgoingMail {
  const intro = `Hallo ${name},`;
  const text = 'jemand hat versucht, mit deiner E-Mail-Adresse ein neues Konto bei Funkeln anzulegen. Du hast bereits ein Konto.';
  const hint = `Warst du das? Dann melde dich einfach an: ${loginLink} – oder setze dein Passwort zurück: ${resetLink}. Warst du es nicht, musst du nichts tun.`;
  return {
    to,
    subject: 'Du hast bereits ein Funkeln-Konto',
    text: `${intro}\n\n${text}\n\n${hint}\n\nDein Funkeln-Team`,
    html: layout('Du hast bereits ein Funkeln-Konto', [intro, text, hint], { label: 'Zum Login', url: loginLink }),
  };
}
