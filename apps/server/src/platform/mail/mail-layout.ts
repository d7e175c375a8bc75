export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;

/** The one HTML frame of every mail: title, paragraphs, a button with its link spelled out, notes after it. */
export function layout(title: string, paragraphs: string[], action: { label: string; url: string }, after: string[] = []): string {
  const body = paragraphs.map(paragraph).join('');
  const button = `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#e8336d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#666">Falls der Button nicht funktioniert, öffne diesen Link:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>${after.map(paragraph).join('')}`;
  return `<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#e8336d">Funkeln</h1><h2 style="font-size:18px">${escapeHtml(title)}</h2>${body}${button}
<p style="font-size:12px;color:#888">Diese E-Mail wurde automatisch versendet. Bitte antworte nicht darauf.</p></body></html>`;
}
