import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { facePhoto } from '../support/face-photo.js';
import { confirmEmail, memberWithProfile, PASSWORD } from '../support/members.js';

// Issue 56, wall 2: on a phone the main action of every step of the first day is on the screen
// without scrolling, and nothing (the tab bar, a sticky bar) lies over it: the element at the
// button's centre is the button itself.

type Size = { width: number; height: number };
const PHONE: Size = { width: 360, height: 740 };

/** Fails unless the page is not scrolled and the element at the centre of `target` is `target` (or inside it). */
async function expectReachable(target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      scrolled: window.scrollY,
      onScreen: box.top >= 0 && box.bottom <= window.innerHeight,
      isTarget: atCentre !== null && element.contains(atCentre),
      found: atCentre ? `${atCentre.tagName}.${atCentre.className}` : 'nothing',
      box: `${Math.round(box.top)}-${Math.round(box.bottom)} of ${window.innerHeight}`,
    };
  });
  expect(hit.scrolled, `${what}: the page was scrolled`).toBe(0);
  expect(hit.onScreen, `${what}: ${hit.box}`).toBe(true);
  expect(hit.isTarget, `${what}: ${hit.found} lies over it`).toBe(true);
}

async function phonePage(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext({ viewport: size, isMobile: size.width < 500, hasTouch: size.width < 500, locale: 'de-DE', colorScheme: 'dark' });
  return context.newPage();
}

const HEADERS = (token: string) => ({ authorization: `Bearer ${token}` });

test('a new man on a 360x740 phone: sign-up, onboarding, discover, match, chat and wallet with every main action on screen', async ({ browser, request }) => {
  const page = await phonePage(browser, PHONE);
  const email = uniqueEmail('phone');

  await page.goto('/register');
  await expectReachable(page.getByRole('button', { name: 'Registrieren' }), 'Registrieren');
  await page.getByLabel('Anzeigename').fill('Paul');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The save bar sticks above the tab bar, at the top of the form as at its end.
  await expectReachable(page.getByRole('button', { name: 'Speichern', exact: true }), 'Speichern in onboarding');

  // The profile and the confirmed address (welcome credits) through the API; the rest in the browser.
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const [berlin] = (await (await request.get('/api/places?q=Berlin')).json()) as { id: number }[];
  const saved = await request.put('/api/me/profile', {
    headers: HEADERS(token),
    data: { birthDate: '1992-03-14', gender: 'male', interestedIn: ['female', 'male', 'diverse'], ageMin: 18, ageMax: 70, placeId: berlin?.id },
  });
  expect(saved.ok()).toBe(true);
  await confirmEmail(request, email);

  await page.goto('/discover');
  await expect(page.getByTestId('top-card')).toBeVisible();
  for (const name of ['Skip', 'Flirt', 'Like']) await expectReachable(page.getByRole('button', { name, exact: true }), name);

  // Like until a demo member likes back (every third does); each time the buttons are still on screen.
  const celebration = page.getByTestId('match-celebration');
  for (let i = 0; i < 30 && !(await celebration.isVisible()); i++) {
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.waitForTimeout(300);
  }
  await expect(celebration).toBeVisible();
  const write = celebration.getByRole('link', { name: 'Nachricht schreiben' });
  await expectReachable(write, 'Nachricht schreiben');
  await write.click();

  const composer = page.getByLabel('Nachricht', { exact: true });
  await expect(composer).toBeEnabled();
  await expectReachable(page.getByRole('button', { name: 'Senden', exact: true }), 'Senden in the chat');
  await composer.fill('Hallo! Schön, dass es gefunkt hat.');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hallo! Schön, dass es gefunkt hat.' })).toBeVisible();
  await expect(composer).toHaveValue('');

  await page.goto('/wallet');
  await expectReachable(page.getByRole('button', { name: 'Daily Login' }), 'Daily Login');

  // One row of top bar: Credits, Digital Friend and Abmelden are in the profile menu.
  await page.getByRole('button', { name: 'Mein Profil' }).click();
  const menu = page.getByRole('navigation', { name: 'Mein Konto' });
  await expect(menu.getByRole('link', { name: 'Credits' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Digital Friend' })).toBeVisible();
  await menu.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.context().close();
});

for (const size of [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`discover at ${size.width}x${size.height}: the card and Skip, Flirt and Like on one screen, also before the address is confirmed`, async ({ browser, request }) => {
    const email = uniqueEmail('fit');
    const registered = await request.post('/api/auth/register', { data: { email, password: PASSWORD, displayName: 'Fit' } });
    const { token } = (await registered.json()) as { token: string };
    const [berlin] = (await (await request.get('/api/places?q=Berlin')).json()) as { id: number }[];
    await request.put('/api/me/profile', {
      headers: HEADERS(token),
      data: { birthDate: '1994-05-20', gender: 'female', interestedIn: ['male', 'female', 'diverse'], ageMin: 18, ageMax: 70, placeId: berlin?.id },
    });
    const page = await phonePage(browser, size);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/discover');
    await expect(page.getByTestId('verify-banner')).toBeVisible();
    await expect(page.getByTestId('top-card')).toBeVisible();
    await expectReachable(page.getByTestId('top-card'), 'the top card');
    for (const name of ['Skip', 'Flirt', 'Like']) await expectReachable(page.getByRole('button', { name, exact: true }), name);
    await page.context().close();
  });
}

// Issue 56, item 6: a profile photo is shown whole, in its own aspect (a 352x858 box had cut a
// 366x547 photo to half a face): at least 80 % of the photo is in its box, the box on the screen.
test('a portrait photo on the profile page is shown whole at 1280x800 and 390x844, and in the own gallery', async ({ browser, request }) => {
  const model = await memberWithProfile(request, 'Hochkant', 'female');
  const upload = await request.post('/api/photos/upload', { headers: model.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await facePhoto(366, 547, '#9bc') } } });
  expect(((await upload.json()) as { photo: { status: string } }).photo.status).toBe('approved');
  const about = 'Ein langer Text über mich, damit die Textspalte höher ist als das Foto. '.repeat(12);
  expect((await request.put('/api/me/profile', { headers: model.headers, data: { aboutMe: about } })).ok()).toBe(true);
  const viewer = await memberWithProfile(request, 'Schauer', 'male');

  const shownShare = (image: Locator) =>
    image.evaluate((element) => {
      const img = element as HTMLImageElement;
      const box = img.getBoundingClientRect();
      const photo = img.naturalWidth / img.naturalHeight;
      const frame = box.width / box.height;
      // object-fit: cover cuts the photo to the box's shape; contain and scale-down show all of it.
      const kept = getComputedStyle(img).objectFit === 'cover' ? Math.min(photo / frame, frame / photo) : 1;
      return { kept, onScreen: box.top >= 0 && box.bottom <= window.innerHeight, loaded: img.naturalWidth > 0 };
    });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await phonePage(browser, size);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), viewer.token);
    await page.goto(`/profile/${model.id}`);
    const image = page.getByTestId('profile-photo');
    await expect.poll(async () => (await shownShare(image)).loaded).toBe(true);
    const shown = await shownShare(image);
    expect(shown.kept, `${size.width}x${size.height}`).toBeGreaterThanOrEqual(0.8);
    expect(shown.onScreen, `${size.width}x${size.height}`).toBe(true);
    await page.context().close();
  }

  const own = await phonePage(browser, { width: 1280, height: 800 });
  await own.goto('/');
  await own.evaluate((t) => localStorage.setItem('token', t), model.token);
  await own.goto(`/profile/${model.id}`);
  const tile = own.getByTestId('gallery-tile').first().locator('img');
  await expect.poll(async () => (await shownShare(tile)).loaded).toBe(true);
  expect((await shownShare(tile)).kept).toBeGreaterThanOrEqual(0.8);
  await own.context().close();
});
