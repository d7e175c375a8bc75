import { expect, test } from '../support/fixtures.js';
import { adminSession, confirmEmail, memberWithProfile, PASSWORD } from '../support/members.js';

// Issue 20: the login page switched on the HTTP status, so a suspended member (403) was told to
// confirm their e-mail. It switches on the error code now.
test('a member an admin suspended is told so at login, not to confirm the e-mail', async ({ guardPage: page, request }) => {
  const member = await memberWithProfile(request, 'Sven', 'male');
  await confirmEmail(request, member.email);
  const admin = await adminSession(request);
  const suspended = await request.post(`/api/admin/users/${member.id}/suspend`, { headers: admin.headers });
  expect(suspended.ok(), await suspended.text()).toBe(true);

  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(member.email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();

  await expect(page.getByRole('alert')).toHaveText('Dein Konto ist gesperrt. Bitte wende dich an den Support.');
  await expect(page.getByTestId('unverified-hint')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bestätigung erneut senden' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
