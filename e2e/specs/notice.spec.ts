import type { APIRequestContext } from '@playwright/test';
import { audit } from '../support/axe.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { adminSession, memberWithProfile } from '../support/members.js';

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest dev-mailbox mail to `to` whose subject contains `subject` (polled until it is there). */
async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mailbox.json')).json()) as DevMail[];
      found = mails.find((m) => m.to === to && m.subject.includes(subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a visitor reports a shared profile, gets the receipt by mail, and the decision once an admin decides', async ({ guardPage: page, request }) => {
  test.setTimeout(90_000);
  const owner = await memberWithProfile(request, 'Gerda', 'female');
  expect((await request.put('/api/me/settings', { headers: owner.headers, data: { shareEnabled: true } })).ok()).toBe(true);
  const visitor = uniqueEmail('besucherin');

  // The form passes WCAG 2.2 AA (axe); the share page (no account, no token) links to it.
  expect(await audit(page, `/report/${owner.id}`)).toEqual([]);
  await page.goto(`/share/${owner.id}`);
  await page.getByRole('link', { name: 'Inhalt melden' }).click();
  await expect(page.getByRole('heading', { name: 'Inhalt melden', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Das Foto' }).check();
  await page.getByRole('radio', { name: /Rechtswidriger Inhalt/ }).check();
  await page.getByLabel('Welcher Rechtsverstoß?').selectOption({ label: 'Urheberrecht verletzt, z. B. ein gestohlenes Foto' });
  const send = page.getByRole('button', { name: 'Meldung senden' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Warum ist der Inhalt rechtswidrig? (Pflichtfeld)').fill('Das ist mein Foto aus dem Urlaub, ich habe es nie hier hochgeladen.');
  await page.getByRole('checkbox', { name: /nach bestem Wissen richtig und vollständig/ }).check();
  await page.getByLabel('Deine E-Mail-Adresse (optional)').fill(visitor);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Meldung eingegangen' })).toBeVisible();
  const receiptText = await page.getByText(/Deine Meldung ist bei uns eingegangen \(Nummer/).textContent();
  const ref = /Nummer ([0-9A-F]{8})/.exec(receiptText ?? '')?.[1] ?? '';
  expect(ref).toHaveLength(8);

  const receipt = await mailTo(request, visitor, `Deine Meldung ${ref} ist eingegangen`);
  expect(receipt.text).toContain('Urheberrecht');
  expect(receipt.text).not.toContain('Gerda');

  // An admin decides with a note to the reporter; the visitor hears the outcome, nothing more.
  const admin = await adminSession(request);
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), admin.token);
  await page.goto('/admin/moderation');
  const report = page.getByTestId('report').filter({ hasText: 'Das ist mein Foto aus dem Urlaub' });
  await expect(report).toContainText('Rechtswidrig');
  await report.getByLabel('Anmerkung an die meldende Person (optional)').fill('Danke, wir haben das Foto entfernt.');
  await report.getByRole('button', { name: 'Erledigt' }).click();
  await expect(report).toContainText('erledigt');

  expect(await audit(page, '/admin/moderation')).toEqual([]);

  const outcome = await mailTo(request, visitor, `Deine Meldung ${ref}: unsere Entscheidung`);
  expect(outcome.text).toContain('den Inhalt entfernt bzw. Maßnahmen ergriffen');
  expect(outcome.text).toContain('Danke, wir haben das Foto entfernt.');
  expect(outcome.text).not.toContain('Gerda');
});

test('a member reports a message from the conversation with the last messages she saw, and finds it under Meine Meldungen', async ({ guardPage: page, request }) => {
  test.setTimeout(90_000);
  const clara = await memberWithProfile(request, 'Clara', 'female');
  const dora = await memberWithProfile(request, 'Dora', 'female');
  for (const [from, to, body] of [
    [clara, dora, 'Hallo Dora, wie geht es dir?'],
    [dora, clara, 'Gut, danke!'],
    [clara, dora, 'Kannst du mir 300 Euro per Gutschein schicken?'],
  ] as const) {
    const res = await request.post(`/api/messages/${to.id}`, { headers: from.headers, data: { body, prepaidReply: 0 } });
    expect(res.ok(), await res.text()).toBe(true);
  }

  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), dora.token);
  await page.goto(`/messages/${clara.id}`);
  const last = page.getByTestId('chat-message').filter({ hasText: '300 Euro' });
  await last.getByRole('button', { name: 'Melden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Melden' });
  const listed = dialog.getByRole('list', { name: 'Diese Nachrichten würden mitgeschickt' }).getByRole('listitem');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(1)).toContainText('Du');
  await expect(listed.nth(1)).toContainText('Gut, danke!');
  await dialog.getByLabel('Grund').selectOption({ label: 'Betrugsverdacht' });
  await dialog.getByRole('checkbox', { name: 'Diese 3 Nachrichten mitschicken' }).check();
  await dialog.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(page.getByText('Danke für deine Meldung. Unser Team sieht sie sich an.')).toBeVisible();

  const admin = await adminSession(request);
  const reports = (await (await request.get('/api/admin/reports', { headers: admin.headers })).json()) as { reported: { id: string } | null; evidence: { from: string; body: string }[] | null }[];
  const filed = reports.find((r) => r.reported?.id === clara.id);
  expect(filed?.evidence?.map((m) => [m.from, m.body])).toEqual([
    ['reported', 'Hallo Dora, wie geht es dir?'],
    ['reporter', 'Gut, danke!'],
    ['reported', 'Kannst du mir 300 Euro per Gutschein schicken?'],
  ]);

  await page.goto('/settings');
  const mine = page.getByTestId('my-reports');
  await expect(mine.getByRole('heading', { name: 'Meine Meldungen' })).toBeVisible();
  await expect(mine.getByTestId('my-report')).toContainText('In Prüfung');
  await expect(mine).not.toContainText('Clara');
});
