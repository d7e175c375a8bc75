import { expect, mailLink, test, uniqueEmail } from '../support/fixtures.js';

test('forgot password -> mail -> reset with confirmation -> log in with the new password', async ({ guardPage: page, request }) => {
  const email = uniqueEmail('ben');
  const registered = await request.post('/api/auth/register', { data: { email, password: 'altesPasswort1', displayName: 'Ben' } });
  expect(registered.ok()).toBe(true);

  await page.goto('/forgot-password');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByText('Wenn die E-Mail existiert, haben wir dir einen Link zum Zurücksetzen gesendet.')).toBeVisible();

  await page.goto(await mailLink(request, email, 'Passwort zurücksetzen', '/reset'));
  await page.getByLabel('Neues Passwort').fill('neuesPasswort1');
  await page.getByLabel('Passwort bestätigen').fill('etwasAnderes1');
  await expect(page.getByText('Passwörter stimmen nicht überein.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passwort speichern' })).toBeDisabled();
  await page.getByLabel('Passwort bestätigen').fill('neuesPasswort1');

  // No native alert: the login page confirms the change inline, announced as a status.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status').filter({ hasText: 'Passwort erfolgreich geändert. Bitte melde dich an.' })).toBeVisible();
  expect(dialogs).toEqual([]);

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('neuesPasswort1');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test('the forgot page answers the same for an unknown address, and /reset without a token explains itself', async ({ guardPage: page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('E-Mail').fill(uniqueEmail('ghost'));
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByText('Wenn die E-Mail existiert, haben wir dir einen Link zum Zurücksetzen gesendet.')).toBeVisible();
  await page.goto('/reset');
  await expect(page.getByText('Fehlender oder ungültiger Token.')).toBeVisible();
});
