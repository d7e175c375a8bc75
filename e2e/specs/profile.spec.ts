import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { facePhoto } from '../support/face-photo.js';

function photo(): Promise<Buffer> {
  return facePhoto(1200, 900, '#ff7a85');
}

test('onboarding with a photo, then the profile page and the share page for link previews', async ({ guardPage: page, request }) => {
  const email = uniqueEmail('greta');
  const res = await request.post('/api/auth/register', { data: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Greta' } });
  const { token } = (await res.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);

  // A new member goes one step at a time (issue 56, item 11): photo and about first, as the spec's form.
  await page.goto('/onboarding');
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 1 von 5');
  await expect(page.getByLabel('Geburtsdatum')).toBeHidden();
  await page.getByLabel('Über mich').fill('Ich liebe Wandern, Kaffee und gute Gespräche.');
  await page.getByLabel('Was ich suche').fill('Jemanden zum Lachen und Reisen.');
  await page.getByLabel('Profilfoto').setInputFiles({ name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  // No native alert: the save bar confirms inline, announced as a status; then the next step shows.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profil gespeichert' })).toBeVisible();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 2 von 5');
  // Interests and a prompt are optional: later.
  await page.getByRole('button', { name: 'Später' }).click();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 3 von 5');
  await page.getByRole('button', { name: 'Später' }).click();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 4 von 5');
  await page.getByLabel('Geburtsdatum').fill('1995-04-12');
  await page.getByRole('radio', { name: 'Frau' }).check();
  await page.getByRole('checkbox', { name: 'Mann' }).check();
  await page.getByLabel('Wohnort').fill('Pots');
  await page.getByRole('option', { name: /Potsdam/ }).first().click();
  // Sharing is off by default (Art. 25 DSGVO); this member wants the share page.
  await page.getByRole('checkbox', { name: 'Profil über Link teilen erlauben' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 5 von 5');
  await expect(page.getByTestId('profile-completeness')).toContainText(/vollständig/);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 4 von 5');
  await page.getByRole('button', { name: 'Zurück' }).click();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 1 von 5');
  await expect(page.getByTestId('photo-status')).toContainText('Freigegeben');

  await page.getByRole('button', { name: 'Mein Profil' }).click();
  await page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Profil ansehen' }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Greta' })).toBeVisible();
  await expect(page.getByText('Potsdam')).toBeVisible();
  await expect(page.getByText('Ich liebe Wandern, Kaffee und gute Gespräche.')).toBeVisible();
  const img = page.locator('img[src*="/api/photos/"]').first();
  await expect(img).toBeVisible();
  // Visible is laid out, not loaded: after an in-app navigation the bytes may still be on their way.
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Profil teilen' })).toBeVisible();

  const id = page.url().split('/').pop() ?? '';
  const shareLink = page.locator(`a[href$="/share/${id}"]`);
  await expect(shareLink).toHaveAttribute('target', '_blank');

  await page.goto(`/share/${id}`);
  const og = (p: string) => page.locator(`meta[property="${p}"]`).getAttribute('content');
  expect(await og('og:title')).toMatch(/^Greta, \d+ bei Funkeln$/);
  expect(await og('og:description')).toContain('aus Potsdam');
  // The member's share link (bound to the sharing, never a photo id).
  expect(await og('og:image')).toContain(`/share/${id}/photo?exp=`);
  expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  await expect(page.getByRole('heading', { name: 'Greta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jetzt bei Funkeln entdecken' })).toBeVisible();
  const preview = page.locator('img.photo');
  expect(await preview.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
