import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures.js';
import { memberWithProfile } from '../support/members.js';
import { facePhoto } from '../support/face-photo.js';

/** A plain picture the real moderation model approves; the colour tells the photos apart. */
function photo(fill: string): Promise<Buffer> {
  return facePhoto(600, 750, fill);
}

test('a member orders several photos; another taps through them on the card', async ({ guardPage: page, request }) => {
  const name = `Galerie-${randomBytes(2).toString('hex')}`;
  const model = await memberWithProfile(request, name, 'female');
  const ids: string[] = [];
  for (const fill of ['#8ab', '#b8a', '#ab8']) {
    const upload = await request.post('/api/photos/upload', { headers: model.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await photo(fill) } } });
    const body = (await upload.json()) as { photo: { id: string; status: string } };
    expect(body.photo.status).toBe('approved');
    ids.push(body.photo.id);
  }
  const [first, second, third] = ids as [string, string, string];

  // The own profile: three tiles, the first is the main photo; the third moves to the front by keyboard.
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), model.token);
  await page.goto(`/profile/${model.id}`);
  await expect(page.getByRole('heading', { name: 'Deine Fotos' })).toBeVisible();
  const tiles = page.getByTestId('gallery-tile');
  await expect(tiles).toHaveCount(3);
  await expect(tiles.nth(0)).toContainText('Hauptfoto');
  await tiles.nth(2).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('gallery-announcement')).toHaveText('Foto 3 ist jetzt an Stelle 2 von 3.');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('gallery-announcement')).toHaveText('Foto 2 ist jetzt an Stelle 1 von 3.');
  await expect
    .poll(async () => ((await (await request.get('/api/me/photos', { headers: model.headers })).json()) as { photos: { id: string }[] }).photos.map((p) => p.id))
    .toEqual([third, first, second]);
  await expect(tiles.nth(0)).toContainText('Hauptfoto');

  // Another member finds her card: the new main photo first, a tap on the right half shows the next one.
  const viewer = await memberWithProfile(request, 'Betrachter', 'male');
  await page.evaluate((t) => localStorage.setItem('token', t), viewer.token);
  await page.goto('/discover');
  const top = page.getByTestId('top-card');
  await expect(top).toBeVisible();
  for (let i = 0; i < 60 && !((await top.getByTestId('card-name').textContent()) ?? '').startsWith(name); i++) {
    const before = await top.getByTestId('card-name').textContent();
    await page.keyboard.press('ArrowLeft');
    await expect(top.getByTestId('card-name')).not.toHaveText(before ?? '');
  }
  await expect(top.getByTestId('card-name')).toContainText(name);
  const shown = top.locator('img.feed-card__photo');
  await expect(shown).toHaveAttribute('src', new RegExp(third));
  await expect(top.locator('.feed-card__dot')).toHaveCount(3);
  const box = await top.boundingBox();
  if (!box) throw new Error('no card box');
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.4);
  await expect(shown).toHaveAttribute('src', new RegExp(first));
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.4);
  await expect(shown).toHaveAttribute('src', new RegExp(second));
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.4);
  await expect(shown).toHaveAttribute('src', new RegExp(first));
  // Still her card (a tap is no swipe); → likes as before.
  await expect(top.getByTestId('card-name')).toContainText(name);
  await page.keyboard.press('ArrowRight');
  await expect(top.getByTestId('card-name')).not.toContainText(name);
});
