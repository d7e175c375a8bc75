import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, mailLink, test, uniqueEmail } from '../support/fixtures.js';
import { facePhoto } from '../support/face-photo.js';
import { memberWithProfile } from '../support/members.js';

// In ADMIN_EMAILS of the e2e server (start-server.mjs); used by this journey only.
const ADMIN = 'admin.e2e@example.org';
const PASSWORD = 'Kiwi-Wolke-Geheim-42';

interface Member {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

function photo(): Promise<Buffer> {
  return facePhoto(600, 750, '#9bc');
}

async function session(request: APIRequestContext, email: string, token: string): Promise<Member> {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/me', { headers })).json()) as { id: string };
  return { id: me.id, email, token, headers };
}

async function register(request: APIRequestContext, email: string, name: string): Promise<Member> {
  const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD, displayName: name } });
  expect(res.ok(), await res.text()).toBe(true);
  return session(request, email, ((await res.json()) as { token: string }).token);
}

/** The admin signs up and verifies through the dev mailbox; on a retry the account already exists. */
async function signUpAdmin(page: Page, request: APIRequestContext): Promise<Member> {
  const res = await request.post('/api/auth/register', { data: { email: ADMIN, password: PASSWORD, displayName: 'Chefin' } });
  if (!res.ok()) {
    const login = await request.post('/api/auth/login', { data: { email: ADMIN, password: PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
    return session(request, ADMIN, ((await login.json()) as { token: string }).token);
  }
  await page.goto(await mailLink(request, ADMIN, 'Bitte bestätige deine E-Mail-Adresse', '/verify'));
  await expect(page.getByText('E-Mail erfolgreich bestätigt. Du kannst dich jetzt einloggen.')).toBeVisible();
  return session(request, ADMIN, ((await res.json()) as { token: string }).token);
}

async function signInAs(page: Page, member: Member) {
  await page.evaluate((t) => localStorage.setItem('token', t), member.token);
}

test('an admin disables a pending photo and resolves a report; the reporter exports the data and deletes the account', async ({ guardPage: page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const admin = await signUpAdmin(page, request);
  await signInAs(page, admin);

  // A normal photo is approved by the model; with the review threshold at 0 every upload waits for a human.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Systemeinstellungen', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Mein Profil' }).click();
  await expect(page.getByRole('link', { name: 'Admin: Moderation' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A name of its own, so a retry does not find the photo of an earlier attempt in the queue.
  const reportedName = `Gemeldet-${Date.now().toString(36)}`;
  // With a profile: an account without one is a member not there for others (404, issue 54).
  const reported = await memberWithProfile(request, reportedName, 'female');
  const threshold = page.getByRole('spinbutton', { name: 'Foto-Moderation: prüfen ab' });
  const originalThreshold = await threshold.inputValue();
  try {
    await threshold.fill('0');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    await page.getByRole('button', { name: 'Tokens aufräumen' }).click();
    await expect(page.getByTestId('cleanup-result')).toContainText('Abgelaufene Bestätigungs-Tokens gelöscht');

    const upload = await request.post('/api/photos/upload', { headers: reported.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await photo() } } });
    expect(((await upload.json()) as { photo: { status: string } }).photo.status).toBe('pending');
  } finally {
    // Put the threshold back even when a step failed, so later journeys get their photos approved.
    await request.put('/api/admin/settings', { headers: admin.headers, data: { MODERATION_REVIEW_THRESHOLD: originalThreshold } });
  }

  // A member reports the profile with 'Melden'.
  const reporter = await register(request, uniqueEmail('meldend'), 'Meldend');
  await signInAs(page, reporter);
  await page.goto(`/profile/${reported.id}`);
  await page.getByRole('button', { name: 'Melden', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Melden' });
  await dialog.getByLabel('Grund').selectOption({ label: 'Fake-Profil' });
  await dialog.getByLabel('Beschreibung (optional)').fill('Kopiertes Foto');
  await dialog.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(page.getByText('Danke für deine Meldung. Unser Team sieht sie sich an.')).toBeVisible();

  // The admin disables the photo and resolves the report; both lists and the log reload.
  await signInAs(page, admin);
  await page.goto('/admin/moderation');
  const pending = page.getByTestId('pending-photo').filter({ hasText: reportedName });
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: 'Sperren', exact: true }).click();
  await expect(page.getByText('Foto gesperrt.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  const report = page.getByTestId('report').filter({ hasText: /Meldend(?!e)/ });
  await expect(report).toContainText('Fake-Profil');
  await expect(report).toContainText('Gemeldet');
  await expect(report).toContainText('Kopiertes Foto');
  await expect(report).toContainText('offen');
  await report.getByRole('button', { name: 'Erledigt' }).click();
  await expect(report).toContainText('erledigt');
  await expect(report.getByRole('button', { name: 'Erledigt' })).toHaveCount(0);
  await expect(page.getByTestId('audit-log')).toContainText('photo.disable');
  await expect(page.getByTestId('audit-log')).toContainText('report.resolved');

  // A member gets no admin pages and no admin links.
  await signInAs(page, reporter);
  await page.goto('/admin/moderation');
  await expect(page.getByText('Kein Zugriff: Diese Seite ist nur für Admins.')).toBeVisible();
  await page.getByRole('button', { name: 'Mein Profil' }).click();
  await expect(page.getByRole('link', { name: 'Profil bearbeiten' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Admin/ })).toHaveCount(0);

  // The reporter gives the consent, exports everything and deletes the account.
  await page.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Einwilligen' }).click();
  await expect(page.getByTestId('consent-state')).toContainText('Einwilligung erteilt.');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Meine Daten exportieren' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('funkeln-export.json');
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    account: { email: string };
    reportsFiled: { reason: string; status: string }[];
    consents: { given: boolean }[];
  };
  expect(data.account.email).toBe(reporter.email);
  expect(data.reportsFiled).toEqual([expect.objectContaining({ reason: 'fake_profile', status: 'resolved' })]);
  expect(data.consents).toEqual([expect.objectContaining({ given: true })]);

  await page.getByLabel('Passwort zur Bestätigung').fill(PASSWORD);
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/auf-wiedersehen$/);
  await expect(page.getByRole('heading', { name: 'Auf Wiedersehen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await request.get('/api/me', { headers: reporter.headers })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email: reporter.email, password: PASSWORD } })).status()).toBe(401);
});
