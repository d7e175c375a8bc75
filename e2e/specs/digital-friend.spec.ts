import { expect, test, uniqueEmail } from '../support/fixtures.js';

test('the Digital Friend: login redirect, a conversation, a memory that is recalled', async ({ guardPage: page, request }) => {
  await page.goto('/digital-friend');
  await expect(page).toHaveURL(/\/login\?next=\/digital-friend$/);

  const email = uniqueEmail('freundin');
  const { token } = (await (await request.post('/api/auth/register', { data: { email, password: 'geheim123', displayName: 'Frida' } })).json()) as { token: string };
  // Messages cost credits without premium: the daily reward pays for a few.
  expect((await request.post('/api/rewards/claim', { headers: { authorization: `Bearer ${token}` }, data: { type: 'login' } })).ok()).toBe(true);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/digital-friend');
  await expect(page.getByRole('heading', { name: 'Digital Friend', level: 1 })).toBeVisible();
  await expect(page.getByTestId('df-kind')).toContainText('Offline-Companion');
  await expect(page.getByTestId('df-kind')).toContainText('2 Credits pro Nachricht');

  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  await expect(page.getByTestId('df-assistant').first()).toContainText('Hallo Frida! Ich bin dein Digital Friend');

  await page.getByLabel('Was soll sich dein Digital Friend merken?').fill('Mein Hund heißt Bruno.');
  await page.getByLabel('Schlagwörter (mit Komma getrennt)').fill('Haustier');
  await page.getByRole('button', { name: 'Erinnerung speichern', exact: true }).click();
  await expect(page.getByText('Gespeichert.')).toBeVisible();
  await expect(page.locator('.df-memory__list')).toContainText('Mein Hund heißt Bruno.');

  await page.getByLabel('Deine Nachricht').fill('Erinnerst du dich an meinen Hund?');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(page.getByTestId('df-user').last()).toContainText('Erinnerst du dich an meinen Hund?');
  await expect(page.getByTestId('df-assistant').last()).toContainText('Bruno');

  // The conversation is listed and comes back with its history.
  await page.reload();
  await page.getByRole('button', { name: /Erinnerst du dich an meinen Hund/ }).click();
  await expect(page.getByTestId('df-assistant').last()).toContainText('Bruno');
});
