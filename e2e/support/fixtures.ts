import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** Fails a test whenever the page reports a CSP violation or an uncaught error. */
export const test = base.extend<{ guardPage: Page }>({
  guardPage: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
    });
    await use(page);
    expect(problems, problems.join('\n')).toEqual([]);
  },
});
export { expect };

export function uniqueEmail(label: string): string {
  return `${label}.${randomBytes(4).toString('hex')}@example.org`;
}

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for the newest dev-mailbox mail to `to` with the given subject and returns its link to path. */
export async function mailLink(request: APIRequestContext, to: string, subject: string, path: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as DevMail[];
    const mail = mails.find((m) => m.to === to && m.subject === subject);
    const link = mail?.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0];
    if (link) return link;
    if (Date.now() > until) throw new Error(`no "${subject}" mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
