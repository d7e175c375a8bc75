import { expect, mailLink, test, uniqueEmail } from '../support/fixtures.js';

test('register, verify the e-mail from the mailbox, log in: the banner is gone', async ({ guardPage: page, request }) => {
  const email = uniqueEmail('anna');
  await page.goto('/register');
  await page.getByLabel('Anzeigename').fill('Anna');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill('Kiwi-Wolke-Geheim-42');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText('Bitte bestätige deine E-Mail-Adresse, um alle Funktionen zu nutzen.');
  // The registration mail went out a moment ago: the banner says so instead of claiming a new one.
  await banner.getByRole('button', { name: 'Bestätigung erneut senden' }).click();
  await expect(banner).toContainText('Wir haben dir gerade erst eine E-Mail geschickt.');

  const link = await mailLink(request, email, 'Bitte bestätige deine E-Mail-Adresse', '/verify');
  await page.goto(link);
  // Still signed in from the registration: confirmed without a request to log in; the verify page leads on into the app, the banner is gone.
  await expect(page.getByText('E-Mail erfolgreich bestätigt. Du bist angemeldet – es kann direkt weitergehen.')).toBeVisible();
  await page.getByRole('link', { name: 'Weiter zur App' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);

  // A fresh sign-in on a browser without the session.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('Kiwi-Wolke-Geheim-42');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(page.getByRole('link', { name: 'Nachrichten' })).toBeVisible();
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);
});

test('the verify page explains a missing and a used token', async ({ guardPage: page }) => {
  await page.goto('/verify');
  await expect(page.getByText('Fehlender Token.')).toBeVisible();
  await page.goto('/verify?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
  await expect(page.getByText('Ungültiger oder abgelaufener Token.')).toBeVisible();
});

test('wrong credentials show the server message; guarded pages send visitors to login', async ({ guardPage: page }) => {
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-Mail').fill(uniqueEmail('nobody'));
  await page.getByLabel('Passwort', { exact: true }).fill('falsch123');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('E-Mail-Adresse oder Passwort ist falsch.')).toBeVisible();
  await page.getByRole('button', { name: /Apple/ }).click();
  await expect(page.getByText('Apple OAuth bald verfügbar.')).toBeVisible();
});
