import { expect, test } from '../support/fixtures.js';
import { memberWithProfile } from '../support/members.js';
import { facePhoto } from '../support/face-photo.js';

function photo(): Promise<Buffer> {
  return facePhoto(900, 1200, '#7f9cf5');
}

const EIGHT = ['Wandern', 'Kaffee', 'Reisen', 'Kochen', 'Hunde', 'Kino', 'Lesen', 'Yoga'];

test('a member picks interests and a prompt; another sees the shared ones on the card and the prompt on the profile', async ({ guardPage: page, request }) => {
  const greta = await memberWithProfile(request, 'Greta', 'female', '1990-02-11');
  const upload = await request.post('/api/photos/upload', {
    headers: greta.headers,
    multipart: { file: { name: 'greta.jpg', mimeType: 'image/jpeg', buffer: await photo() } },
  });
  expect(upload.ok()).toBe(true);

  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), greta.token);
  await page.goto('/onboarding');
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 2 von 5');
  for (const name of EIGHT) await page.getByRole('button', { name, exact: true }).click();
  const ninth = page.getByRole('button', { name: 'Fußball', exact: true });
  await expect(ninth).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled keeps it focusable: the keyboard reaches it and hears why nothing happens.
  await ninth.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Höchstens 8 Interessen')).toBeVisible();
  await expect(ninth).toHaveAttribute('aria-pressed', 'false');
  // Back to six: Kino, Lesen off.
  for (const name of ['Kino', 'Lesen']) await page.getByRole('button', { name, exact: true }).click();

  await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await page.getByLabel('Frage 1').selectOption({ label: 'Ich kann nicht ohne …' });
  await page.getByLabel('Deine Antwort').fill('Kaffee am Morgen und das Meer.');
  await expect(page.getByText('30 / 150')).toBeVisible();

  // No native alert: the save bar confirms inline, announced as a status.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profil gespeichert' })).toBeVisible();
  expect(dialogs).toEqual([]);
  // Left: the optional Top10 step, which Greta skips.
  await expect(page.getByTestId('onboarding-step')).toHaveText('Schritt 5 von 5');
  const contest = page.getByRole('region', { name: 'Beim Top10 mitmachen' });
  await expect(contest.getByRole('checkbox', { name: 'Urlaub' })).toBeVisible();
  await contest.getByRole('button', { name: 'Überspringen' }).click();
  await expect(page.getByTestId('onboarding-step')).toHaveText('Alle 5 Schritte erledigt');

  // Ben shares Reisen and Kaffee; only Greta's age is in his range, so her card comes up soon among the demo members.
  const ben = await memberWithProfile(request, 'Ben', 'male');
  const age = (await (await request.get(`/api/profile/${greta.id}`, { headers: ben.headers })).json()) as { profile: { age: number } };
  const wishes = await request.put('/api/me/profile', {
    headers: ben.headers,
    data: { interestedIn: ['female'], ageMin: age.profile.age, ageMax: age.profile.age, interests: ['reisen', 'kaffee', 'segeln'] },
  });
  expect(wishes.ok()).toBe(true);

  await page.evaluate((t) => localStorage.setItem('token', t), ben.token);
  await page.goto('/discover');
  const top = page.getByTestId('top-card');
  await expect(top).toBeVisible();
  for (let i = 0; i < 60 && !(await top.getByTestId('card-name').textContent())?.startsWith('Greta'); i++) {
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await page.waitForTimeout(150);
  }
  await expect(top.getByTestId('card-name')).toHaveText(/^Greta/);
  await expect(top.getByTestId('card-shared')).toHaveText('2 gemeinsame Interessen');
  const chips = top.getByRole('list', { name: 'Interessen' }).getByRole('listitem');
  await expect(chips).toHaveCount(6);
  await expect(chips.nth(0)).toHaveText(/Kaffee|Reisen/);
  await expect(chips.nth(0)).toHaveClass(/interest-chip--shared/);
  await expect(chips.nth(2)).not.toHaveClass(/interest-chip--shared/);

  await page.goto(`/profile/${greta.id}`);
  await expect(page.getByTestId('profile-prompts')).toContainText('Ich kann nicht ohne …');
  await expect(page.getByTestId('profile-prompts')).toContainText('Kaffee am Morgen und das Meer.');
  await expect(page.getByRole('list', { name: 'Interessen' }).getByRole('listitem')).toHaveCount(6);
});
