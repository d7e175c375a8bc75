import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, mailLink, test } from '../support/fixtures.js';
import { adminSession, confirmEmail, memberWithProfile, PASSWORD } from '../support/members.js';

// Issue 57 item 3 (DSA Art. 17, 20): a suspended member opens the statement from the mail, objects
// without signing in, a person in the team reverses the suspension, and the answer arrives by mail.

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<DevMail> {
  const until = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as DevMail[];
    const mail = mails.find((m) => m.to === to && m.subject === subject);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no "${subject}" mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a suspended member objects through the mailed link; an admin reverses it and the answer arrives', async ({ guardPage: page, request, browser }) => {
  test.setTimeout(90_000);
  const name = `Widerspruch-${randomBytes(3).toString('hex')}`;
  const member = await memberWithProfile(request, name, 'male');
  await confirmEmail(request, member.email);
  const admin = await adminSession(request);
  const suspended = await request.post(`/api/admin/users/${member.id}/suspend`, { headers: admin.headers, data: { rule: 'respect' } });
  expect(suspended.ok(), await suspended.text()).toBe(true);

  // The member, signed out (a suspension ends every session), opens the link from the mail.
  const link = await mailLink(request, member.email, 'Dein Konto wurde gesperrt', '/widerspruch');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Dein Konto wurde gesperrt' })).toBeVisible();
  await expect(page.getByText('Respektvoller Umgang:')).toBeVisible();
  await expect(page.getByText(/Widerspruch einlegen\. Ein Mensch aus unserem Team prüft ihn/)).toBeVisible();
  await page.getByLabel('Dein Widerspruch').fill('Ich habe niemanden beleidigt. Bitte schaut euch das noch einmal an.');
  await page.getByRole('button', { name: 'Widerspruch einlegen' }).click();
  await expect(page.getByText('Dein Widerspruch ist eingegangen.', { exact: false })).toBeVisible();

  // The admin decides in 'Widersprüche'.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/');
  await adminPage.evaluate((token) => localStorage.setItem('token', token), admin.token);
  await adminPage.goto('/admin/moderation');
  await expect(adminPage.getByRole('heading', { name: 'Widersprüche' })).toBeVisible();
  const item = adminPage.getByTestId('objection').filter({ hasText: name });
  await expect(item).toContainText('Ich habe niemanden beleidigt.');
  await item.getByLabel('Antwort an das Mitglied').fill('Du hast recht, wir haben die Sperre aufgehoben.');
  await item.getByRole('button', { name: 'Sperre aufheben' }).click();
  await expect(adminPage.getByText('Entscheidung aufgehoben. Das Mitglied bekommt deine Antwort per E-Mail.')).toBeVisible();
  await adminContext.close();

  // The answer arrives by mail; the link shows it too; the member can sign in again.
  const answer = await waitForMail(request, member.email, 'Dein Widerspruch war erfolgreich');
  expect(answer.text).toContain('Du hast recht, wir haben die Sperre aufgehoben.');
  await page.reload();
  await expect(page.getByTestId('objection-answer')).toHaveText('Du hast recht, wir haben die Sperre aufgehoben.');
  const login = await request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
});
