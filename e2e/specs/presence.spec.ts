import { PRESENCE_INTERVAL_MS } from '../../apps/server/src/platform/realtime/presence-tracker.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

test("'Gerade online' rises when a second member signs in and falls when they leave", async ({ guardPage: page, browser, request }) => {
  await page.goto('/');
  await expect(page.getByText('Gerade online', { exact: true })).toBeVisible();
  const counter = page.getByTestId('online-count');
  await expect(counter).toHaveText(/^\d+$/);
  // A page that connects gets the count last broadcast, which is up to one presence interval
  // behind: members of the journey before may have left just now, and the broadcast that says so
  // is still to come. Read the count once that interval (and a margin) has passed.
  await page.waitForTimeout(PRESENCE_INTERVAL_MS + 1000);
  const before = Number(await counter.textContent());

  const email = uniqueEmail('clara');
  const res = await request.post('/api/auth/register', { data: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Clara' } });
  expect(res.ok()).toBe(true);

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/login');
  await second.getByLabel('E-Mail').fill(email);
  await second.getByLabel('Passwort', { exact: true }).fill('Kiwi-Wolke-Geheim-42');
  await second.getByRole('button', { name: 'Einloggen' }).click();
  await expect(second).toHaveURL(/\/discover$/);

  await expect(counter).toHaveText(String(before + 1));
  await other.close();
  await expect(counter).toHaveText(String(before));
});
