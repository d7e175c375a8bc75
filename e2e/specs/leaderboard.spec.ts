import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { facePhoto } from '../support/face-photo.js';
import { confirmEmail } from '../support/members.js';

/** A plain portrait-like picture the real moderation model approves. */
function photo(): Promise<Buffer> {
  return facePhoto(600, 750, '#8ab');
}

async function member(request: APIRequestContext, name: string, gender: 'female' | 'male') {
  const email = uniqueEmail('top10');
  const registered = await request.post('/api/auth/register', { data: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: name } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.put('/api/me/profile', { headers, data: { birthDate: '1993-04-12', gender, interestedIn: ['female', 'male'], ageMin: 18, ageMax: 70 } });
  expect(res.ok(), await res.text()).toBe(true);
  const me = (await (await request.get('/api/me', { headers })).json()) as { id: string };
  return { token, headers, id: me.id, email };
}

test('enter a photo, vote for it, and see it on the Top10', async ({ guardPage: page, request }) => {
  const name = `Modell ${randomBytes(2).toString('hex')}`;
  const model = await member(request, name, 'female');
  const upload = await request.post('/api/photos/upload', { headers: model.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await photo() } } });
  expect(((await upload.json()) as { photo: { status: string } }).photo.status).toBe('approved');

  // The model enters the photo in 'Urlaub' on her profile page.
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), model.token);
  await page.goto(`/profile/${model.id}`);
  const vacation = page.getByRole('checkbox', { name: 'Urlaub' });
  await expect(vacation).toBeEnabled();
  await vacation.click();
  await expect(vacation).toBeChecked();
  await expect(page.getByText('Gespeichert.')).toBeVisible();

  // Another member rates the category and gives the photo a vote.
  const voter = await member(request, 'Jurorin', 'female');
  await confirmEmail(request, voter.email); // only a confirmed member votes
  await page.evaluate((t) => localStorage.setItem('token', t), voter.token);
  await page.goto('/vote?category=vacation');
  await expect(page.getByRole('heading', { name: 'Bewerten' })).toBeVisible();
  const card = page.getByTestId('vote-card');
  // Other members' entries may come first: skip them (the skip is honoured by the next suggestion).
  for (let i = 0; i < 20 && !((await card.textContent()) ?? '').includes(name); i++) {
    await page.getByRole('button', { name: 'Überspringen' }).click();
    await expect(card).toBeVisible();
  }
  await expect(card).toContainText(name);
  await page.getByRole('button', { name: 'Stimme geben' }).click();
  await expect(page.getByText('Danke! Das Foto hat jetzt 1 Punkt.')).toBeVisible();

  // The Top10: bikini by default, then the category with the entry.
  await page.getByRole('link', { name: 'Zu den Top10' }).click();
  await expect(page.getByRole('heading', { name: 'Top10' })).toBeVisible();
  await page.getByRole('button', { name: 'Bikini' }).click();
  await expect(page.getByRole('button', { name: 'Bikini' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Urlaub' }).click();
  const entry = page.getByTestId('leaderboard-entry').filter({ hasText: name });
  await expect(entry.locator('.leaderboard__score')).toHaveText('1 Punkt');
  const month = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
  await expect(entry).toContainText(month);
});
