import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.js';
import { listDeliveredMails, type OutboxRow } from '../../platform/mail/outbox.repo.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Escapes the text and turns links to this app into anchors. */
function linkify(text: string, publicUrl: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) =>
    url.startsWith(escapeHtml(publicUrl)) ? `<a href="${url}">${url}</a>` : url,
  );
}

function page(mails: OutboxRow[], publicUrl: string): string {
  const items = mails
    .map(
      (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br>An: ${escapeHtml(m.to_address)} · ${escapeHtml(
        m.created_at.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' }),
      )}</header><pre>${linkify(m.text_body, publicUrl)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev-Postfach · Funkeln</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body>
<h1>Dev-Postfach</h1><p>Ohne SMTP_URL landen alle E-Mails hier (nur außerhalb der Produktion). Neueste zuerst.</p>
${items || '<p>Noch keine E-Mails.</p>'}</body></html>`;
}

const CSS = `body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}
a{color:#c2185b;word-break:break-all}`;

/** Outside production without SMTP_URL: every mail the app sent, with clickable links. */
export function devMailboxRoutes(c: Container): FastifyPluginAsyncZod {
  return async (app) => {
    const load = async () => {
      await c.mailSender.drain();
      return listDeliveredMails(c.db, 'dev', 100);
    };
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(await load(), c.config.publicUrl)),
    );
    app.get('/dev/mailbox.css', { schema: { hide: true } }, async (_req, reply) => reply.type('text/css').send(CSS));
    app.get('/dev/mailbox.json', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send(
        (await load()).map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, text: m.text_body, createdAt: m.created_at.toISOString() })),
      ),
    );
  };
}
