import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { html } from '../../platform/http/html.js';

export interface ShareView {
  name: string;
  age: number | null;
  city: string | null;
  imageUrl: string | null;
  pageUrl: string;
  appUrl: string;
  /** 'Inhalt melden': anyone may report the profile or its photo (DSA Art. 16). */
  reportUrl: string;
}

const CSS_LINK = html`<link rel="stylesheet" href="${profilesEndpoints.shareCss.path}">`;

/** The web app's legal pages, linked from every public page (§ 5 DDG, Art. 13 DSGVO). */
const FOOTER = html`<footer class="legal"><a href="/impressum">Impressum</a> · <a href="/datenschutz">Datenschutz</a></footer>`;

/** Server-rendered share page: Open Graph and Twitter tags for messenger previews, no scripts. */
export function renderSharePage(v: ShareView): string {
  const facts = [v.age !== null ? `${v.age}` : null, v.city].filter(Boolean).join(' · ');
  const title = `${v.name}${v.age !== null ? `, ${v.age}` : ''} bei Funkeln`;
  const description = `${v.name}${v.city ? ` aus ${v.city}` : ''} ist bei Funkeln – der Dating-App mit Funken. Schau vorbei und lern neue Leute kennen!`;
  const meta = [
    ['og:type', 'profile'],
    ['og:site_name', 'Funkeln'],
    ['og:locale', 'de_DE'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', v.pageUrl],
    ...(v.imageUrl ? [['og:image', v.imageUrl], ['og:image:type', 'image/jpeg'], ['og:image:alt', `Foto von ${v.name}`]] : []),
  ]
    .map(([p, c]) => html`<meta property="${p}" content="${c}">`)
    .join('\n');
  const twitter = [
    ['twitter:card', v.imageUrl ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ['twitter:description', description],
    ...(v.imageUrl ? [['twitter:image', v.imageUrl]] : []),
  ]
    .map(([n, c]) => html`<meta name="${n}" content="${c}">`)
    .join('\n');
  const photo = v.imageUrl ? html`<img class="photo" src="${v.imageUrl}" alt="Foto von ${v.name}">` : '';
  return page(
    title,
    html`<meta name="description" content="${description}">
!${meta}
!${twitter}`,
    html`<main class="card">!${photo}<h1>${v.name}</h1>!${facts ? html`<p class="facts">${facts}</p>` : ''}
<p>Lust, ${v.name} kennenzulernen? Bei Funkeln flirtest du anonym, bis es ein Match gibt.</p>
<a class="cta" href="${v.appUrl}">Jetzt bei Funkeln entdecken</a>
<p class="report"><a href="${v.reportUrl}">Inhalt melden</a></p></main>`,
  );
}

/** The same page for unknown members and members who turned sharing off: nothing to learn from it. */
export function renderNotPublicPage(registerUrl: string): string {
  return page(
    'Profil nicht öffentlich · Funkeln',
    '<meta property="og:site_name" content="Funkeln"><meta property="og:title" content="Funkeln – Dating mit Funken">',
    html`<main class="card"><h1>Dieses Profil ist nicht öffentlich.</h1>
<p>Das Mitglied teilt sein Profil gerade nicht. Bei Funkeln findest du viele andere spannende Singles.</p>
<a class="cta" href="${registerUrl}">Kostenlos registrieren</a></main>`,
  );
}

function page(title: string, head: string, body: string): string {
  return html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><meta name="robots" content="noindex, nofollow">
!${head}
!${CSS_LINK}</head><body><header><a class="brand" href="/">Funkeln</a></header>!${body}!${FOOTER}</body></html>`;
}

export const SHARE_CSS = `*{box-sizing:border-box}body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:radial-gradient(circle at 20% 0%,#3a1030,#0f0b14 60%);color:#f6f1f7;display:flex;flex-direction:column;align-items:center}
header{width:100%;max-width:560px;padding:20px}.brand{color:#ff5c8a;font-weight:800;font-size:22px;text-decoration:none}
.card{width:calc(100% - 32px);max-width:480px;background:#1b1422;border-radius:20px;padding:24px;margin:8px 16px 32px;
box-shadow:0 20px 60px rgba(0,0,0,.45);text-align:center}.photo{width:100%;max-width:320px;aspect-ratio:1;object-fit:cover;border-radius:16px}
h1{font-size:28px;margin:16px 0 4px}.facts{color:#d9c6de;margin:0 0 12px;font-size:18px}p{line-height:1.5;color:#e8dcea}
.cta{display:inline-block;margin-top:12px;padding:14px 22px;border-radius:999px;color:#fff;font-weight:700;text-decoration:none;
background:linear-gradient(135deg,#e8336d,#ff7a45)}.cta:focus-visible{outline:3px solid #fff;outline-offset:3px}
.report{margin:20px 0 0;font-size:14px}.report a{color:#d9c6de}.report a:focus-visible{outline:3px solid #fff;outline-offset:2px}
.legal{margin:auto 0 24px;color:#d9c6de;font-size:14px}.legal a{color:#f6f1f7}.legal a:focus-visible{outline:3px solid #fff;outline-offset:2px}`;
