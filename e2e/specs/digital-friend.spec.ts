import type { APIRequestContext, Page } from '@playwright/test';
import { expect, mailLink, test, uniqueEmail } from '../support/fixtures.js';

/** A confirmed member signed in on the page, with the daily reward: 10 credits, five messages at 2 credits. */
async function memberWithCredits(page: Page, request: APIRequestContext, name: string): Promise<void> {
  const email = uniqueEmail('freundin');
  const registered = await request.post('/api/auth/register', { data: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: name } });
  expect(registered.ok()).toBe(true);
  const { token } = (await registered.json()) as { token: string };
  const link = new URL(await mailLink(request, email, 'Bitte bestätige deine E-Mail-Adresse', '/verify'));
  expect((await request.post('/api/auth/verify/confirm', { data: { token: link.searchParams.get('token') } })).ok()).toBe(true);
  expect((await request.post('/api/rewards/claim', { headers: { authorization: `Bearer ${token}` }, data: { type: 'login' } })).ok()).toBe(true);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByLabel('Deine Nachricht').fill(text);
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(page.getByTestId('companion-user').last()).toContainText(text);
}

test('the Digital Friend: a visitor sees what it is, a member a conversation and a memory that is recalled', async ({ guardPage: page, request }) => {
  await page.goto('/digital-friend');
  await expect(page.getByRole('heading', { name: 'Digital Friend', level: 1 })).toBeVisible();
  await expect(page.getByTestId('companion-disclosure')).toHaveText('Der Digital Friend ist eine KI, kein Mensch.');
  await expect(page.getByText('Warum ein Konto?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registrieren', exact: true }).last()).toHaveAttribute('href', '/register');
  await page.getByRole('link', { name: 'Login', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login\?next=\/digital-friend$/);
  await memberWithCredits(page, request, 'Frida');

  // Opening the page greets a member who has no conversation yet.
  await page.goto('/digital-friend');
  await expect(page.getByRole('heading', { name: 'Digital Friend', level: 1 })).toBeVisible();
  const kind = page.getByTestId('companion-kind');
  await expect(kind).toContainText('Der Digital Friend ist eine KI, kein Mensch. Es antwortet: eingebaute Offline-Version.');
  await expect(kind).not.toContainText('ohne KI');
  await expect(kind).toContainText('2 Credits pro Nachricht');
  const conversations = page.locator('.companion-sidebar__item');
  await expect(conversations).toHaveCount(1);
  await expect(page.getByTestId('companion-assistant').first()).toContainText('Hallo Frida! Der Digital Friend ist eine KI, kein Mensch.');

  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  await expect(conversations).toHaveCount(2);
  await expect(conversations.first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('companion-assistant')).toHaveCount(1);
  await expect(page.getByTestId('companion-assistant').first()).toContainText('Hallo Frida! Der Digital Friend ist eine KI, kein Mensch.');

  await page.getByLabel('Was soll sich dein Digital Friend merken?').fill('Mein Hund heißt Bruno.');
  await page.getByLabel('Schlagwörter (mit Komma getrennt)').fill('Haustier');
  await page.getByRole('button', { name: 'Erinnerung speichern', exact: true }).click();
  await expect(page.getByText('Gespeichert.')).toBeVisible();
  const memories = page.getByTestId('companion-memories');
  await expect(memories).toContainText('Mein Hund heißt Bruno.');
  await expect(memories).toContainText('Haustier');

  await page.getByLabel('Deine Nachricht').fill('Erinnerst du dich an meinen Hund?');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(page.getByTestId('companion-user').last()).toContainText('Erinnerst du dich an meinen Hund?');
  await expect(page.getByTestId('companion-assistant').last()).toContainText('Bruno');
  await expect(page.getByLabel('Deine Nachricht')).toHaveValue('');

  // After a reload the newest conversation comes back with its history; the older one holds only its greeting.
  await page.reload();
  await expect(page.getByTestId('companion-user').last()).toContainText('Erinnerst du dich an meinen Hund?');
  await expect(page.getByTestId('companion-assistant').last()).toContainText('Bruno');
  await conversations.last().click();
  await expect(page.getByTestId('companion-user')).toHaveCount(0);
  await expect(page.getByTestId('companion-assistant')).toHaveCount(1);
  await page.getByRole('button', { name: /Erinnerst du dich an meinen Hund/ }).click();
  await expect(page.getByTestId('companion-assistant').last()).toContainText('Bruno');

  await page.getByRole('button', { name: 'Erinnerung löschen: Mein Hund heißt Bruno.' }).click();
  await expect(page.getByText('Noch keine Erinnerungen gespeichert.')).toBeVisible();
});

test('the embedded Digital Friend answers plain questions from earlier turns and memories', async ({ guardPage: page, request }) => {
  await page.goto('/');
  await memberWithCredits(page, request, 'Jonas');
  await page.goto('/digital-friend');
  await expect(page.getByTestId('companion-assistant').first()).toContainText('Hallo Jonas!');
  const reply = page.getByTestId('companion-assistant');

  await say(page, 'Mein Hund heißt Bello.');
  await expect(reply).toHaveCount(2);
  await expect(reply.last()).toContainText('Danke, das merke ich mir: Dein Hund heißt Bello.');
  await expect(page.getByTestId('companion-memories')).toContainText('Mein Hund heißt Bello.Aus einem Gespräch gemerkt');
  await say(page, 'Wie heißt mein Hund?');
  await expect(reply).toHaveCount(3);
  await expect(reply.last()).toContainText('Bello');

  await page.getByLabel('Was soll sich dein Digital Friend merken?').fill('Ich trinke am liebsten Cappuccino.');
  await page.getByRole('button', { name: 'Erinnerung speichern', exact: true }).click();
  await expect(page.getByTestId('companion-memories')).toContainText('Ich trinke am liebsten Cappuccino.');
  await say(page, 'Was trinke ich am liebsten?');
  await expect(reply).toHaveCount(4);
  await expect(reply.last()).toContainText('Cappuccino');
  await expect(reply.last()).not.toContainText('Bello');
});

test('the Digital Friend knows in a new conversation what she told it in an earlier one, until she deletes it', async ({ guardPage: page, request }) => {
  await page.goto('/');
  await memberWithCredits(page, request, 'Lene');
  await page.goto('/digital-friend');
  const reply = page.getByTestId('companion-assistant');
  await expect(reply.first()).toContainText('eine KI, kein Mensch');
  await say(page, 'Ich wohne in Leipzig.');
  await expect(reply).toHaveCount(2);

  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  await expect(page.locator('.companion-sidebar__item')).toHaveCount(2);
  await expect(reply).toHaveCount(1);
  await expect(reply.first()).toContainText('eine KI, kein Mensch');
  await say(page, 'Wo wohne ich?');
  await expect(reply).toHaveCount(2);
  await expect(reply.last()).toContainText('in Leipzig');

  await page.getByRole('button', { name: 'Erinnerung löschen: Ich wohne in Leipzig.' }).click();
  await expect(page.getByText('Noch keine Erinnerungen gespeichert.')).toBeVisible();
  await say(page, 'Wo wohne ich denn?');
  await expect(reply).toHaveCount(3);
  await expect(reply.last()).toContainText('Dazu hast du mir noch nichts erzählt');
});
