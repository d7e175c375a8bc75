import { expect, test, uniqueEmail } from '../support/fixtures.js';

test('notification switches in /settings: per kind under the e-mail switch, read receipts, push previews; saved, and no overflow at 360 px', async ({ guardPage: page, request }) => {
  const res = await request.post('/api/auth/register', { data: { email: uniqueEmail('notify'), password: 'Kiwi-Wolke-Geheim-42', displayName: 'Nora' } });
  const token = ((await res.json()) as { token: string }).token;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/settings');

  const messages = page.getByLabel('Neuen Nachrichten');
  await expect(messages).toBeChecked();
  // Each switch shows the saved state: it flips once the server has answered.
  await messages.click();
  await expect(messages).not.toBeChecked();
  await expect(page.getByText('Gespeichert.')).toBeVisible();
  await page.getByLabel('Lesebestätigungen senden').click();
  await expect(page.getByLabel('Lesebestätigungen senden')).not.toBeChecked();
  await page.getByLabel('Namen in Push-Benachrichtigungen zeigen').click();
  await expect(page.getByLabel('Namen in Push-Benachrichtigungen zeigen')).toBeChecked();
  const saved = await request.get('/api/me/settings', { headers: { authorization: `Bearer ${token}` } });
  expect(await saved.json()).toMatchObject({ emailOnMessage: false, emailOnMatch: true, emailOnFlirt: true, readReceipts: false, pushPreviews: true });

  // The master switch turns the kinds off with it.
  await page.getByLabel('E-Mail-Benachrichtigungen', { exact: true }).click();
  await expect(page.getByLabel('Neuen Matches')).toBeDisabled();
  await expect(page.getByLabel('Neuen Matches')).not.toBeChecked();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
