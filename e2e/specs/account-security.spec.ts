import { expect, test, uniqueEmail } from '../support/fixtures.js';

const INVALID_LOGIN_CODE = 'Dieser Anmeldelink ist ungültig oder abgelaufen. Bitte melde dich erneut an.';

test('a session token pasted into /login?token= signs no one in, and the page says why in German', async ({ guardPage: page, request }) => {
  const registered = await request.post('/api/auth/register', { data: { email: uniqueEmail('fixiert'), password: 'Kiwi-Wolke-Geheim-42', displayName: 'Fixiert' } });
  const { token } = (await registered.json()) as { token: string };

  await page.goto(`/login?token=${token}`);
  await expect(page.getByText(INVALID_LOGIN_CODE)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  await page.goto('/login?token=kurz');
  await expect(page.getByText(INVALID_LOGIN_CODE)).toBeVisible();
  await page.goto('/discover');
  await expect(page).toHaveURL(/\/login$/);
});

test('registration rates the password as it is typed and the server refuses a common one', async ({ guardPage: page }) => {
  await page.goto('/register');
  await page.getByLabel('Anzeigename').fill('Paula');
  await page.getByLabel('E-Mail').fill(uniqueEmail('paula'));
  await page.getByLabel('Passwort').fill('passwort1');
  const strength = page.getByTestId('password-strength');
  await expect(strength).toContainText('Passwortstärke: schwach. Dieses Passwort ist zu leicht zu erraten.');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieses Passwort ist zu leicht zu erraten.');
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Passwort').fill('Kiwi-Wolke-Geheim-42');
  await expect(strength).toContainText('Gut gewählt: Dieses Passwort ist schwer zu erraten.');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});
