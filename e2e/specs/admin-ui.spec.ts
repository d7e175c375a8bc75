import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures.js';
import { facePhoto } from '../support/face-photo.js';
import { adminSession, memberWithProfile } from '../support/members.js';

test('an admin reaches the admin pages from the navigation, flips a switch, and moderates named members and a reported photo', async ({ guardPage: page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(request);
  // Unique names, so a retry does not find the photo of an earlier attempt.
  const tag = randomBytes(3).toString('hex');
  const owner = await memberWithProfile(request, `Fotografin-${tag}`, 'female');
  const reporter = await memberWithProfile(request, `Hinweis-${tag}`, 'male');

  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), admin.token);
  await page.goto('/discover');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin-Bereiche' }).getByRole('link', { name: 'Systemeinstellungen' }).click();
  await expect(page.getByRole('heading', { name: 'Systemeinstellungen', level: 1 })).toBeVisible();

  let photoId = '';
  const before = (await (await request.get('/api/admin/settings', { headers: admin.headers })).json()) as Record<string, string>;
  try {
    // An on/off setting is a switch; with the review threshold (a number field) at 0 every upload waits for a human.
    const debug = page.getByRole('switch', { name: 'Debug-Modus' });
    await expect(debug).toBeChecked({ checked: before.DEBUG === 'true' });
    await debug.click();
    const threshold = page.getByRole('spinbutton', { name: 'Foto-Moderation: prüfen ab' });
    await expect(threshold).toHaveAttribute('max', '1');
    await threshold.fill('0');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Debug-Modus' })).toBeChecked({ checked: before.DEBUG !== 'true' });
    expect(((await (await request.get('/api/admin/settings', { headers: admin.headers })).json()) as Record<string, string>).DEBUG).toBe(before.DEBUG === 'true' ? 'false' : 'true');

    const upload = await request.post('/api/photos/upload', { headers: owner.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await facePhoto(600, 750, '#c9a') } } });
    const uploaded = ((await upload.json()) as { photo: { id: string; status: string } }).photo;
    expect(uploaded.status).toBe('pending');
    photoId = uploaded.id;
  } finally {
    await request.put('/api/admin/settings', { headers: admin.headers, data: { DEBUG: before.DEBUG ?? 'false', MODERATION_REVIEW_THRESHOLD: before.MODERATION_REVIEW_THRESHOLD ?? '0.3' } });
  }

  // The queue names the member; the admin approves the photo.
  await page.getByRole('navigation', { name: 'Admin-Bereiche' }).getByRole('link', { name: 'Moderation' }).click();
  const pending = page.getByTestId('pending-photo').filter({ hasText: owner.name });
  await expect(pending.getByRole('img', { name: `Foto von ${owner.name}` })).toBeVisible();
  await expect(pending).not.toContainText(owner.id);
  await pending.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Foto freigegeben.')).toBeVisible();
  await expect(pending).toHaveCount(0);

  // A member reports the now visible photo; the report shows it (a working signed link) with its actions.
  expect((await request.post('/api/reports', { headers: reporter.headers, data: { photoId, reason: 'spam' } })).ok()).toBe(true);
  await page.reload();
  const report = page.getByTestId('report').filter({ hasText: reporter.name });
  await expect(report).toContainText(owner.name);
  const photo = report.getByTestId('reported-photo');
  const image = photo.getByRole('img', { name: `Gemeldetes Foto von ${owner.name}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(photo).toContainText('Foto sichtbar');
  await photo.getByRole('button', { name: 'Foto sperren' }).click();
  await expect(page.getByText('Foto gesperrt.')).toBeVisible();
  await expect(photo).toContainText('Foto gesperrt');
  await expect(photo.getByRole('button', { name: 'Foto freigeben' })).toBeVisible();
  await report.getByRole('button', { name: 'Erledigt' }).click();
  await expect(report).toContainText('erledigt');
  await expect(page.getByTestId('audit-log')).toContainText('photo.disable');
  await expect(page.getByTestId('audit-log')).toContainText(owner.name);
});
