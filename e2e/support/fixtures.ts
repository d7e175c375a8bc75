import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, type E2eServer } from './server.js';

/** Runs `make` on the worker's server the first time it is given, and hands every later call with it the same result. */
type PrepareOnce = <T>(make: (request: APIRequestContext) => Promise<T>) => Promise<T>;

/**
 * The project's `test`: every spec imports it from here. Each worker starts its own server
 * (`server`, on port E2E_PORT + workerIndex, 3199 by default) and every page, context and API
 * request of its tests goes there (`baseURL`), so workers share no state.
 * prepareOnce: what several tests of a worker build on (members, matches, sessions), prepared
 * once per worker. It is a fixture of every spec, so all specs share one kind of worker
 * (a spec's own worker fixture would make Playwright start other workers, each with a new server).
 * guardPage fails a test whenever the page reports a CSP violation or an uncaught error.
 */
export const test = base.extend<{ guardPage: Page }, { server: E2eServer; prepareOnce: PrepareOnce }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern: none
    async ({}, use, workerInfo) => {
      const server = await startServer(Number(process.env.E2E_PORT ?? 3199) + workerInfo.workerIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  prepareOnce: [
    async ({ playwright, server }, use) => {
      const request = await playwright.request.newContext({ baseURL: server.url });
      const made = new Map<unknown, Promise<unknown>>();
      const prepareOnce: PrepareOnce = <T>(make: (request: APIRequestContext) => Promise<T>) => {
        if (!made.has(make)) made.set(make, make(request));
        return made.get(make) as Promise<T>;
      };
      await use(prepareOnce);
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
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
