import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { memberWithProfile, type Member } from '../support/members.js';

// Issue 57 items 6 and 7 in Chromium: "Bist du sicher?" before an insult, "Stört dich das?" and the
// scam hint for its recipient only (docs/SAFETY.md).

async function pageFor(browser: Browser, who: Member): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), who.token);
  return page;
}

async function send(request: APIRequestContext, from: Member, to: Member, body: string): Promise<void> {
  const res = await request.post(`/api/messages/${to.id}`, { headers: from.headers, data: { body, prepaidReply: 0 } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('"Bist du sicher?": edit or send anyway; the recipient is asked "Stört dich das?" and reports with one tap; the sender sees nothing of it', async ({ guardPage: page, browser, request }) => {
  const clara = await memberWithProfile(request, 'Clara', 'female');
  const dora = await memberWithProfile(request, 'Dora', 'female');
  await send(request, dora, clara, 'Hallo Clara!');
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), clara.token);
  await page.goto(`/messages/${dora.id}`);
  const composer = page.getByLabel('Nachricht', { exact: true });
  await composer.fill('Du bist so eine Schl4mpe');
  await composer.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Bist du sicher?' });
  await expect(dialog).toContainText('Deine Nachricht könnte beleidigend wirken.');
  await dialog.getByRole('button', { name: 'Nachricht bearbeiten' }).click();
  await expect(dialog).toBeHidden();
  await expect(composer).toHaveValue('Du bist so eine Schl4mpe');
  await expect(composer).toBeFocused();
  await expect(page.getByTestId('chat-message')).toHaveCount(1);

  await composer.press('Enter');
  await dialog.getByRole('button', { name: 'Trotzdem senden' }).click();
  const mine = page.getByTestId('chat-message').filter({ hasText: 'Schl4mpe' });
  await expect(mine).toBeVisible();
  await expect(composer).toHaveValue('');
  await expect(mine.getByTestId('message-safety')).toHaveCount(0);

  const other = await pageFor(browser, dora);
  await other.goto(`/messages/${clara.id}`);
  const received = other.getByTestId('chat-message').filter({ hasText: 'Schl4mpe' });
  await expect(received.getByTestId('bother-prompt')).toContainText('Stört dich das?');
  await received.getByRole('button', { name: 'Ja, melden' }).click();
  await expect(received).toContainText('Danke für deine Meldung. Unser Team sieht sie sich an.');
  await expect(received.getByTestId('bother-prompt')).toHaveCount(0);
  await other.context().close();
});

test('a scam hint under a message asking for money, and a tip under an early phone number, for the recipient only', async ({ guardPage: page, browser, request }) => {
  const emil = await memberWithProfile(request, 'Emil', 'female');
  const frida = await memberWithProfile(request, 'Frida', 'female');
  await send(request, emil, frida, 'Schreib mir doch auf WhatsApp: 0170 1234567');
  await send(request, emil, frida, 'Kannst du mir 200 Euro per PayPal schicken? Ich zahl es zurück');
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), frida.token);
  await page.goto(`/messages/${emil.id}`);
  await expect(page.getByTestId('chat-message').filter({ hasText: 'WhatsApp' }).getByTestId('scam-hint')).toHaveText(
    'Tipp: Bleib am Anfang lieber hier im Chat, bis du dein Gegenüber besser kennst. Telefonnummer und andere Kontakte kannst du später immer noch teilen.',
  );
  await expect(page.getByTestId('chat-message').filter({ hasText: 'PayPal' }).getByTestId('scam-hint')).toHaveText(
    'Vorsicht: Schick niemandem Geld, Gutscheine oder Kryptowährung, den du nicht persönlich kennst – egal, wie dringend es klingt. Funkeln fragt dich nie danach.',
  );
  await expect(page.getByTestId('bother-prompt')).toHaveCount(0);

  const sender = await pageFor(browser, emil);
  await sender.goto(`/messages/${frida.id}`);
  await expect(sender.getByTestId('chat-message')).toHaveCount(2);
  await expect(sender.getByTestId('scam-hint')).toHaveCount(0);
  await sender.context().close();
});
