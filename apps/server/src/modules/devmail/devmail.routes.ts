import { devmailEndpoints as endpoints } from '@funkeln/contracts/routes/devmail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { serve } from '../../platform/http/endpoints.js';
import { html } from '../../platform/http/html.js';
import { listDeliveredMails, type OutboxRow } from '../../platform/mail/outbox.repo.js';
import type { OutboxSender } from '../../platform/mail/outbox-sender.js';

/** Escapes the text and turns links to this app into anchors. */
function linkify(text: string, publicUrl: string): string {
  // split with a capture group: the links are at the odd indexes.
  return text
    .split(/(https?:\/\/\S+)/)
    .map((part, i) => (i % 2 === 1 && part.startsWith(publicUrl) ? html`<a href="${part}">${part}</a>` : html`${part}`))
    .join('');
}

function page(mails: OutboxRow[], publicUrl: string): string {
  const items = mails.map(
    (m) => html`<article><header><strong>${m.subject}</strong><br>An: ${m.to_address} · ${m.created_at.toLocaleString('de-DE', {
      timeZone: 'Europe/Berlin',
    })}</header><pre>!${linkify(m.text_body, publicUrl)}</pre></article>`,
  );
  return html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev-Postfach · Funkeln</title><link rel="stylesheet" href="${endpoints.stylesheet.path}"></head><body>
<h1>Dev-Postfach</h1><p>Ohne SMTP_URL landen alle E-Mails hier (nur außerhalb der Produktion). Neueste zuerst.</p>
!${items.length > 0 ? items : '<p>Noch keine E-Mails.</p>'}</body></html>`;
}

const CSS = `body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}
a{color:#c2185b;word-break:break-all}`;

/** Outside production without SMTP_URL: every mail the app sent, with clickable links. */
export interface DevMailboxDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  /** Drained before each listing, so a mail just sent is there. */
  mailSender: Pick<OutboxSender, 'drain'>;
}

export function devMailboxRoutes(c: DevMailboxDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const load = async () => {
      await c.mailSender.drain();
      return listDeliveredMails(c.db, 'dev', 100);
    };
    serve(app, endpoints.mailbox, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(await load(), c.config.publicUrl)),
    );
    serve(app, endpoints.stylesheet, async (_req, reply) => reply.type('text/css').send(CSS));
    serve(app, endpoints.mails, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send(
        (await load()).map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, text: m.text_body, createdAt: m.created_at.toISOString() })),
      ),
    );
  };
}
