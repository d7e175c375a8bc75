import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

async function memberToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/register', { data: { email: uniqueEmail('installed'), password: 'Kiwi-Wolke-Geheim-42', displayName: 'Ines' } });
  return ((await res.json()) as { token: string }).token;
}

test('manifest and service worker are served; the worker takes over /discover and opens the app offline', async ({ guardPage: page, request, context }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({ name: 'Funkeln', lang: 'de', start_url: '/discover', display: 'standalone' });
  const sw = await request.get('/sw.js');
  expect(sw.headers()['service-worker-allowed']).toBe('/');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  const token = await memberToken(request);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/discover');
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toHaveText('Du bist offline. Neue Inhalte laden, sobald du wieder verbunden bist.');
  await context.setOffline(false);

  await page.goto('/settings');
  await expect(page.getByLabel('Push-Benachrichtigungen auf diesem Gerät')).toBeVisible();
});

test('push is offered once, in the first match dialog, never before', { tag: '@full-chrome' }, async ({ guardPage: page, request }) => {
  const token = await memberToken(request);
  const [berlin] = (await (await request.get('/api/places?q=Berlin')).json()) as { id: number }[];
  const profile = { birthDate: '1993-04-11', gender: 'female', interestedIn: ['male', 'female', 'diverse'], ageMin: 18, ageMax: 70, placeId: berlin?.id };
  expect((await request.put('/api/me/profile', { headers: { authorization: `Bearer ${token}` }, data: profile })).ok()).toBe(true);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/discover');
  await expect(page.getByTestId('top-card')).toBeVisible();
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);

  const celebration = page.getByTestId('match-celebration');
  const swipeToMatch = async () => {
    for (let i = 0; i < 30 && !(await celebration.isVisible()); i++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(250);
    }
    await expect(celebration).toBeVisible();
  };
  await swipeToMatch();
  const prompt = celebration.getByTestId('push-prompt');
  await expect(prompt).toContainText(/Soll Funkeln dir Bescheid geben, wenn .+ dir schreibt\?/);
  await prompt.getByRole('button', { name: 'Nein danke' }).click();
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('funkeln.push-offered'))).toBe('1');
  await celebration.getByRole('button', { name: 'Weiter swipen' }).click();

  await swipeToMatch();
  await expect(celebration.getByRole('link', { name: 'Nachricht schreiben' })).toBeVisible();
  await expect(celebration.getByTestId('push-prompt')).toHaveCount(0);
});
