import { html } from '../../platform/http/html.js';
import type { NotificationKind } from './notification.js';
import { MAIL_TOPIC } from './notification-mails.js';

function page(title: string, body: string): string {
  return html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} – Funkeln</title></head>
<body><main><h1>${title}</h1>!${body}</main></body></html>`;
}

/** GET: a button that POSTs; mail scanners open links, so only the POST switches anything off. */
export function confirmPage(kind: NotificationKind, action: string): string {
  return page(
    'E-Mails abbestellen',
    html`<p>Möchtest du keine ${MAIL_TOPIC[kind]} mehr bekommen?</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Abbestellen</button></form>
<p>Alle Benachrichtigungen stellst du in den <a href="/settings">Einstellungen</a> ein.</p>`,
  );
}

export function donePage(kind: NotificationKind): string {
  return page(
    'Abbestellt',
    html`<p>Du bekommst keine ${MAIL_TOPIC[kind]} mehr. In den <a href="/settings">Einstellungen</a> kannst du sie jederzeit wieder einschalten.</p>`,
  );
}

/** A link that is not ours or has expired, for the member who opened it in a browser. */
export function badLinkPage(message: string): string {
  return page('Link ungültig', html`<p>${message}</p>`);
}
