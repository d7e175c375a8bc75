import { html } from '../http/html.js';

const paragraph = (p: string) => html`<p style="margin:0 0 16px">${p}</p>`;

/** A titled text the mail carries after its message (the AGB and the Widerrufsbelehrung of a purchase). */
export interface MailSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

const section = (s: MailSection) =>
  html`<h3 style="font-size:15px;margin:24px 0 8px">${s.heading}</h3>!${(s.paragraphs ?? []).map(paragraph)}!${s.items ? html`<ul style="margin:0 0 16px;padding-left:20px">!${s.items.map((i) => html`<li>${i}</li>`)}</ul>` : ''}`;

/** The sections as plain text: heading, paragraphs, items as '– …' lines. */
export function sectionsText(sections: readonly MailSection[]): string {
  return sections.map((s) => [s.heading.toUpperCase(), ...(s.paragraphs ?? []), ...(s.items ?? []).map((i) => `– ${i}`)].join('\n\n')).join('\n\n\n');
}

/** The one HTML frame of every mail: title, paragraphs, a button with its link spelled out, notes after it, then the sections it carries. */
export function layout(title: string, paragraphs: string[], action: { label: string; url: string }, after: string[] = [], sections: readonly MailSection[] = []): string {
  return html`<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#e8336d">Funkeln</h1><h2 style="font-size:18px">${title}</h2>!${paragraphs.map(paragraph)}<p style="margin:24px 0"><a href="${action.url}" style="background:#e8336d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${action.label}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#666">Falls der Button nicht funktioniert, öffne diesen Link:<br><a href="${action.url}">${action.url}</a></p>!${after.map(paragraph)}!${sections.map(section)}
<p style="font-size:12px;color:#888">Diese E-Mail wurde automatisch versendet. Bitte antworte nicht darauf.</p></body></html>`;
}
