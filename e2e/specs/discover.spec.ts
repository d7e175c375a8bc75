import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

/** A member with a complete profile in Berlin who wants to meet men, signed in through the API. */
async function signedInMember(request: APIRequestContext) {
  const email = uniqueEmail('swiper');
  const { token } = (await (await request.post('/api/auth/register', { data: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Swipe' } })).json()) as {
    token: string;
  };
  const auth = { authorization: `Bearer ${token}` };
  const [berlin] = (await (await request.get('/api/places?q=Berlin')).json()) as { id: number }[];
  const res = await request.put('/api/me/profile', {
    headers: auth,
    data: { birthDate: '1994-05-20', gender: 'female', interestedIn: ['male', 'female', 'diverse'], ageMin: 18, ageMax: 70, placeId: berlin?.id },
  });
  expect(res.ok()).toBe(true);
  return token;
}

test('swipe through the demo cards with buttons and keys, and get a match', async ({ guardPage: page, request }) => {
  const token = await signedInMember(request);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Entdecken' })).toBeVisible();
  await expect(page.getByLabel('Umkreis (km)')).toBeVisible();
  const top = page.getByTestId('top-card');
  await expect(top).toBeVisible();

  // Buttons: Skip and Like advance the stack.
  const first = await top.textContent();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(top).not.toHaveText(first ?? '');
  const second = await top.textContent();
  await page.keyboard.press('ArrowLeft');
  await expect(top).not.toHaveText(second ?? '');

  // Like with the arrow key until a demo member likes back (every third does).
  const celebration = page.getByTestId('match-celebration');
  for (let i = 0; i < 30 && !(await celebration.isVisible()); i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(250);
  }
  await expect(celebration).toBeVisible();
  await expect(celebration.getByRole('link', { name: 'Nachricht schreiben' })).toBeVisible();
  const sentence = (await page.getByTestId('match-name').textContent()) ?? '';
  const name = /Du und (.+?) mögt euch/.exec(sentence)?.[1] ?? sentence;
  await celebration.getByRole('button', { name: 'Weiter swipen' }).click();

  // The match is listed under Matches.
  await page.goto('/matches');
  await expect(page.getByTestId('match-item').filter({ hasText: name })).toBeVisible();
});
