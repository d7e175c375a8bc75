import type { APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, mailLink, test, uniqueEmail } from '../support/fixtures.js';

const ADMIN = 'admin.e2e@example.org';

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750"><rect width="600" height="750" fill="#9bc"/><circle cx="300" cy="320" r="140" fill="#fdb"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

async function register(request: APIRequestContext, email: string, name: string) {
  const { token } = (await (await request.post('/api/auth/register', { data: { email, password: 'geheim123', displayName: name } })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/me', { headers })).json()) as { id: string };
  return { token, headers, id: me.id, email };
}

test('an admin disables a pending photo and resolves a report', async ({ guardPage: page, request }) => {
  // The admin address from ADMIN_EMAILS becomes an admin once verified.
  const admin = await register(request, ADMIN, 'Chefin');
  const verify = await mailLink(request, ADMIN, 'Bitte bestätige deine E-Mail-Adresse', '/verify');
  await page.goto(verify);
  await expect(page.getByText('E-Mail erfolgreich bestätigt. Du kannst dich jetzt einloggen.')).toBeVisible();
  await page.evaluate((t) => localStorage.setItem('token', t), admin.token);

  // Every upload waits for a human while the review threshold is 0 (set on the settings page).
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Systemeinstellungen' })).toBeVisible();
  await page.getByLabel('MODERATION_REVIEW_THRESHOLD').fill('0');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
  await page.getByRole('button', { name: 'Tokens aufräumen' }).click();
  await expect(page.getByText(/Abgelaufene Bestätigungs-Tokens gelöscht: \d+/)).toBeVisible();

  const member = await register(request, uniqueEmail('gemeldet'), 'Gemeldet');
  const upload = await request.post('/api/photos/upload', { headers: member.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await photo() } } });
  expect(((await upload.json()) as { photo: { status: string } }).photo.status).toBe('pending');
  const reporter = await register(request, uniqueEmail('meldend'), 'Meldend');
  expect((await request.post('/api/reports', { headers: reporter.headers, data: { userId: member.id, reason: 'fake_profile', details: 'Kopiertes Foto' } })).ok()).toBe(true);

  await page.goto('/admin/moderation');
  const pending = page.getByTestId('pending-photo').filter({ hasText: member.id });
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: 'Sperren' }).click();
  await expect(pending).toHaveCount(0);
  const report = page.getByTestId('report').filter({ hasText: 'Gemeldet' });
  await expect(report).toContainText('Fake-Profil');
  await expect(report).toContainText('offen');
  await report.getByRole('button', { name: 'Erledigt' }).click();
  await expect(report).toContainText('erledigt');
  await expect(page.locator('.admin-audit')).toContainText('report.resolved');

  await page.goto('/admin/settings');
  await page.getByLabel('MODERATION_REVIEW_THRESHOLD').fill('0.3');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();

  // A member cannot open the admin pages.
  await page.evaluate((t) => localStorage.setItem('token', t), reporter.token);
  await page.goto('/admin/moderation');
  await expect(page.getByText('Kein Zugriff: Diese Seite ist nur für Admins.')).toBeVisible();
});

test('a member exports their data and deletes the account', async ({ guardPage: page, request }) => {
  const m = await register(request, uniqueEmail('weg'), 'Abschied');
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), m.token);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Meine Daten exportieren' }).click();
  const download = await downloading;
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { account: { email: string } };
  expect(data.account.email).toBe(m.email);

  await page.getByLabel('Passwort zur Bestätigung').fill('geheim123');
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/(login)?$/); // signed out: the landing page, or the login if a request noticed first
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await request.get('/api/me', { headers: m.headers })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email: m.email, password: 'geheim123' } })).status()).toBe(401);
});
