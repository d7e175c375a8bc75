import type { OutgoingMail } from '../../platform/mail/outbox.repo.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, after: string[] = []): string {
  const body = paragraphs.map(paragraph).join('');
  const button = `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#e8336d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#666">Falls der Button nicht funktioniert, öffne diesen Link:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>${after.map(paragraph).join('')}`;
  return `<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#e8336d">Funkeln</h1><h2 style="font-size:18px">${escapeHtml(title)}</h2>${body}${button}
<p style="font-size:12px;color:#888">Diese E-Mail wurde automatisch versendet. Bitte antworte nicht darauf.</p></body></html>`;
}

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
