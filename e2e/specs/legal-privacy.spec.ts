import { expect, test } from '../support/fixtures.js';
import { memberWithProfile } from '../support/members.js';

test('the footer pages show real, dated text without placeholders, marked as a sample on this test server', async ({ guardPage: page }) => {
  await page.goto('/');
  for (const [link, title] of [
    ['Impressum', 'Impressum'],
    ['Datenschutz', 'Datenschutzerklärung'],
    ['AGB', 'Allgemeine Geschäftsbedingungen (AGB)'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const text = (await page.locator('main').innerText()).trim();
    expect(text).not.toContain('[');
    expect(text).toMatch(/Stand: \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ 20\d\d/);
    // No operator is configured for the e2e server: the sample says so.
    await expect(page.getByTestId('legal-sample')).toContainText('Beispielangaben – vor dem Livegang ersetzen');
  }
  // The AGB (issue 57): a draft outside production, with the Widerrufsbelehrung and the form to jump to.
  await expect(page.getByTestId('legal-draft')).toContainText('Beispielangaben – vor dem Livegang prüfen lassen');
  await expect(page.locator('#widerruf')).toContainText('Das Widerrufsrecht erlischt');
  await expect(page.locator('#widerrufsformular')).toContainText('Unzutreffendes streichen');
  await page.goto('/register');
  const note = page.getByTestId('terms-note-form');
  await expect(note).toContainText('Mit deiner Registrierung gelten unsere AGB.');
  await expect(note.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
  // The Datenschutz page states the server's own periods and this server's recipients.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
  const privacy = await page.locator('main').innerText();
  expect(privacy).toContain('Eine Anmeldung gilt 7 Tage ab der letzten Nutzung, höchstens 30 Tage.');
  expect(privacy).toContain('Die Antworten entstehen auf unserem Server');
  expect(privacy).not.toContain('Stripe');
});

test("a new member's share page is 404 until they turn sharing on in the app, and 404 again once they turn it off", async ({ guardPage: page, request }) => {
  const greta = await memberWithProfile(request, 'Greta', 'female');
  const share = async () => (await request.get(`/share/${greta.id}`)).status();
  expect(await share()).toBe(404);

  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), greta.token);
  await page.goto(`/profile/${greta.id}`);
  await expect(page.getByRole('heading', { name: 'Greta' })).toBeVisible();
  await expect(page.getByTestId('share-off')).toContainText('das Teilen ist aus');
  await expect(page.getByRole('button', { name: 'Profil teilen' })).toBeDisabled();
  await page.getByRole('link', { name: 'In den Einstellungen einschalten' }).click();

  await expect(page).toHaveURL(/\/settings$/);
  const sharing = page.getByRole('checkbox', { name: 'Profil über Link teilen erlauben' });
  await expect(sharing).not.toBeChecked();
  await sharing.click();
  await expect(sharing).toBeChecked();
  await expect(sharing).toBeEnabled();
  expect(await share()).toBe(200);

  await page.goto(`/share/${greta.id}`);
  await expect(page.getByRole('heading', { name: 'Greta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
  await expect(page.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');

  await page.goto(`/profile/${greta.id}`);
  await expect(page.getByRole('button', { name: 'Profil teilen' })).toBeEnabled();
  await expect(page.getByTestId('share-off')).toHaveCount(0);

  await page.goto('/settings');
  await sharing.click();
  await expect(sharing).not.toBeChecked();
  await expect(sharing).toBeEnabled();
  expect(await share()).toBe(404);
  await page.goto(`/share/${greta.id}`);
  await expect(page.getByRole('heading', { name: 'Dieses Profil ist nicht öffentlich.' })).toBeVisible();
});
