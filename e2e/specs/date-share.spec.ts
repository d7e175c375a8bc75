import { expect, test } from '../support/fixtures.js';
import { memberWithProfile } from '../support/members.js';

const inTwoDays = () => {
  // A Berlin wall-clock time two days ahead at 19:30 (the datetime-local value the dialog sends).
  const d = new Date(Date.now() + 2 * 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T19:30`;
};

test('Date teilen: a member shares a date plan, a visitor opens the link in Chromium, "Link löschen" ends it', async ({ guardPage: page, browser, request }) => {
  const lena = await memberWithProfile(request, 'Lena', 'female');
  const tom = await memberWithProfile(request, 'Tom', 'male');
  const hello = await request.post(`/api/messages/${tom.id}`, { headers: lena.headers, data: { body: 'Hallo Tom, Lust auf einen Kaffee?', prepaidReply: 0 } });
  expect(hello.ok(), await hello.text()).toBe(true);

  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), lena.token);
  await page.goto(`/messages/${tom.id}`);
  await expect(page.getByRole('heading', { name: 'Tom', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Date teilen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Date teilen' });
  await expect(dialog.getByText('Tom erfährt davon nichts.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Wo trefft ihr euch?').fill('Café Luise');
  await dialog.getByLabel('Adresse (freiwillig)').fill('Kastanienallee 7, Berlin');
  await dialog.getByLabel('Wann? (deutsche Zeit)').fill(inTwoDays());
  await dialog.getByLabel('Notiz (freiwillig)').fill('Ich melde mich um 22 Uhr.');
  await dialog.getByRole('button', { name: 'Link erstellen' }).click();
  await expect(dialog.getByText('Dein Link ist fertig.', { exact: false })).toBeVisible();
  const url = await dialog.getByTestId('date-share-url').inputValue();
  expect(url).toMatch(/\/date\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('button', { name: 'Link kopieren' })).toBeVisible();
  await expect(dialog.getByTestId('date-share')).toContainText('Café Luise');

  // A friend without an account opens the link: only the plan, under the strict CSP, no referrer.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const problems: string[] = [];
  friend.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  const path = new URL(url).pathname;
  const opened = await friend.goto(path);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  expect(opened?.headers()['cache-control']).toBe('no-store');
  await expect(friend.getByRole('heading', { name: 'Lena hat ein Date' })).toBeVisible();
  for (const text of ['Tom', 'Café Luise', 'Kastanienallee 7, Berlin', '19:30 Uhr', 'Ich melde mich um 22 Uhr.']) await expect(friend.locator('main')).toContainText(text);
  const html = await friend.content();
  for (const hidden of [tom.id, lena.id, '@example.org']) expect(html).not.toContain(hidden);
  expect(problems).toEqual([]);

  // The partner is told nothing.
  expect((await (await request.get('/api/me/date-shares', { headers: tom.headers })).json()).shares).toEqual([]);

  // "Link löschen": the same link now shows the expired page.
  await dialog.getByTestId('date-share').getByRole('button', { name: 'Link löschen' }).click();
  await expect(dialog.getByText('Du hast gerade keine geteilten Dates.')).toBeVisible();
  const gone = await friend.reload();
  expect(gone?.status()).toBe(404);
  await expect(friend.getByRole('heading', { name: 'Dieser Link ist abgelaufen oder ungültig.' })).toBeVisible();
  await friendContext.close();
});
