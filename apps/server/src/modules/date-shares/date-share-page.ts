import { formatDateTimeBerlin } from '@funkeln/contracts/date-shares';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { html } from '../../platform/http/html.js';
import type { SharedPlan } from './date-shares.service.js';

/** The share page's stylesheet (same look, no inline styles under the CSP). */
const CSS_LINK = html`<link rel="stylesheet" href="${profilesEndpoints.shareCss.path}">`;
const FOOTER = html`<footer class="legal"><a href="/impressum">Impressum</a> · <a href="/datenschutz">Datenschutz</a></footer>`;

/** The friend's page: who, where, when, the note; no scripts, nothing else of either member. */
export function renderPlanPage(plan: SharedPlan, photoPath: string): string {
  const photo = plan.hasPhoto ? html`<img class="photo" src="${photoPath}" alt="Foto von ${plan.partnerName}">` : '';
  const facts = [
    html`<p><strong>Mit wem:</strong> ${plan.partnerName}</p>`,
    html`<p><strong>Wo:</strong> ${plan.place}</p>`,
    plan.address ? html`<p><strong>Adresse:</strong> ${plan.address}</p>` : '',
    html`<p><strong>Wann:</strong> ${formatDateTimeBerlin(plan.startsAt.toISOString())}</p>`,
    plan.note ? html`<p><strong>Notiz:</strong> ${plan.note}</p>` : '',
  ].join('\n');
  return page(
    `Date-Plan von ${plan.sharerName} · Funkeln`,
    html`<main class="card">!${photo}<h1>${plan.sharerName} hat ein Date</h1>
<p class="facts">${plan.sharerName} hat dir den Plan geschickt, damit jemand Bescheid weiß.</p>
!${facts}
<p>Dieser Link funktioniert bis 12 Stunden nach dem Treffen.</p></main>`,
  );
}

/** The same page for unknown, deleted and expired links: nothing to learn from it. */
export function renderGonePage(): string {
  return page(
    'Link abgelaufen · Funkeln',
    html`<main class="card"><h1>Dieser Link ist abgelaufen oder ungültig.</h1>
<p>Geteilte Date-Pläne sind nur bis kurz nach dem Treffen zu sehen.</p></main>`,
  );
}

function page(title: string, body: string): string {
  return html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
!${CSS_LINK}</head><body><header><a class="brand" href="/">Funkeln</a></header>!${body}!${FOOTER}</body></html>`;
}
