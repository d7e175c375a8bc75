import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { confirmEmail, memberWithProfile, type Member } from '../support/members.js';

async function signIn(page: Page, member: Member): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
}

/** Passes the page's socket through, and can drop what the server sends or cut the connection. */
async function socketSwitch(page: Page) {
  let route: WebSocketRoute | undefined;
  let dropping = false;
  await page.routeWebSocket(/\/ws\//, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (!dropping) ws.send(message);
    });
    ws.onMessage((message) => server.send(message));
  });
  return {
    drop: () => {
      dropping = true;
    },
    /** Cuts the connection; socket.io reconnects on its own. */
    reconnect: async () => {
      dropping = false;
      await route?.close();
    },
  };
}

async function pageFor(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

test('credits, a prepaid message and a live reply between two members', async ({ guardPage: page, browser, request }) => {
  const anton = await memberWithProfile(request, 'Anton', 'male');
  const berta = await memberWithProfile(request, 'Berta', 'female');

  const socket = await socketSwitch(page);

  // Anton: the daily reward and a test purchase of the 'Beliebt' pack.
  await signIn(page, anton);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Credits & Rewards', level: 1 })).toBeVisible();
  const balance = page.getByTestId('credit-balance');
  await expect(balance).toHaveText('0 Credits');
  await expect(page.getByText('Testmodus: Käufe werden sofort gutgeschrieben, es wird kein Geld abgebucht.')).toBeVisible();

  // Rewards need a confirmed address: the wallet explains it and offers the mail again.
  await expect(page.getByTestId('rewards-need-verification')).toContainText('nur mit bestätigter E-Mail-Adresse');
  // A reward that cannot pay now says so before a click (issue 56, item 7).
  await expect(page.getByRole('button', { name: 'Daily Login' })).toBeDisabled();
  await expect(page.getByTestId('reward-login')).toContainText('Erst mit bestätigter E-Mail-Adresse.');
  await expect(balance).toHaveText('0 Credits');
  await confirmEmail(request, anton.email);
  // The confirmed address brings the welcome credits (issue 56): his first messages are paid.
  await page.reload();
  await expect(balance).toHaveText('30 Credits');
  await expect(page.getByTestId('history-item').first()).toContainText('Willkommensbonus für deine ersten Nachrichten');

  await expect(page.getByRole('button', { name: 'Upload Reward' })).toBeDisabled();
  await expect(page.getByTestId('reward-upload_photo')).toContainText('Einmalig +25 Credits für dein erstes freigegebenes Foto. Sobald dein erstes Foto freigegeben ist.');
  await expect(page.getByTestId('reward-get_vote')).toContainText('Sobald dein Foto heute eine Stimme bekommt.');
  await page.getByRole('button', { name: 'Daily Login' }).click();
  await expect(page.getByTestId('reward-result')).toContainText('+10 Credits');
  await expect(balance).toHaveText('40 Credits');
  await expect(page.getByRole('button', { name: 'Daily Login' })).toBeDisabled();
  await expect(page.getByTestId('reward-login')).toContainText('Heute schon abgeholt – morgen ab 0:00 Uhr wieder.');

  const beliebt = page.getByTestId('credit-pack').filter({ hasText: 'Beliebt' });
  await expect(beliebt).toContainText('9,99 EUR');
  await expect(beliebt).toContainText('120 Credits');
  await beliebt.getByRole('button', { name: 'Kaufen' }).click();
  // The order step (issue 57): nothing is bought until she gives the § 356 (5) BGB consent.
  const order = page.getByRole('dialog', { name: 'Beliebt kaufen' });
  const buyNow = order.getByRole('button', { name: 'Zahlungspflichtig kaufen' });
  await expect(buyNow).toBeDisabled();
  await expect(order.getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveAttribute('href', '/agb#widerruf');
  await order.getByLabel(/Ich stimme ausdrücklich zu/).check();
  await buyNow.click();
  await expect(page.getByTestId('purchase-result')).toContainText('120 Credits gutgeschrieben');
  await expect(balance).toHaveText('160 Credits');
  await expect(page.getByTestId('free-credits')).toHaveText('davon 40 Gratis-Credits');
  await expect(page.getByTestId('history-item').first()).toContainText('+120 Credits');

  // Anton writes to Berta from the new-message form, with 20 credits for her reply: 5 + 20 credits.
  await page.goto(`/messages?to=${berta.id}`);
  await expect(page.getByLabel('Empfänger-ID')).toHaveValue(berta.id);
  await page.getByLabel('Nachricht', { exact: true }).fill('Hallo Berta, Lust auf einen Kaffee?');
  await page.getByLabel('Vorbezahlte Antwort (Credits)').fill('20');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(page.getByTestId('message-sent')).toContainText('Dein Guthaben: 135 Credits.');
  await page.goto('/wallet');
  await expect(balance).toHaveText('135 Credits');
  await expect(page.getByTestId('history-item').first()).toContainText('−25 Credits');

  // Anton keeps the conversation open to see the answer arrive.
  await page.goto(`/messages/${berta.id}`);
  await expect(page.getByRole('heading', { name: 'Berta', level: 1 })).toBeVisible();
  const antonsMessage = page.getByTestId('chat-message').filter({ hasText: 'Lust auf einen Kaffee?' });
  await expect(antonsMessage.getByTestId('prepaid-badge')).toHaveText('Vorbezahlte Antwort: 20 Credits');

  // Berta finds it in her inbox with the badge and replies in the conversation.
  const second = await pageFor(browser, berta);
  await second.goto('/messages');
  // One list: Anton's conversation with his age and the credits held for her reply; the inbox folded below.
  const row = second.getByTestId('conversation-item').filter({ hasText: 'Anton' });
  await expect(row).toContainText(/Anton, \d+/);
  await expect(row.getByTestId('prepaid-badge')).toHaveText('Vorbezahlte Antwort: 20 Credits');
  await second.getByText('Posteingang', { exact: true }).click();
  const entry = second.getByTestId('inbox-item').filter({ hasText: 'Lust auf einen Kaffee?' });
  await expect(entry).toContainText('Anton');
  await expect(entry.getByTestId('prepaid-badge')).toHaveText('Vorbezahlte Antwort: 20 Credits');
  await expect(second.getByTestId('conversation-item').filter({ hasText: 'Anton' })).toContainText('1 ungelesen');
  await entry.getByRole('link', { name: 'Antworten' }).click();
  await expect(second).toHaveURL(new RegExp(`/messages/${anton.id}$`));
  await expect(second.getByRole('heading', { name: 'Anton', level: 1 })).toBeVisible();
  await second.getByLabel('Nachricht', { exact: true }).fill('Sehr gern, Anton!');
  await second.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(second.getByTestId('chat-message').filter({ hasText: 'Sehr gern, Anton!' })).toBeVisible();
  await expect(second.getByTestId('prepaid-badge')).toHaveCount(0);

  // The reply reaches Anton live, and his prepaid credits went to Berta.
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Sehr gern, Anton!' })).toBeVisible();
  await expect(antonsMessage.getByTestId('prepaid-badge')).toHaveCount(0);

  await second.goto('/wallet');
  await expect(second.getByTestId('credit-balance')).toHaveText('20 Credits');
  const payout = second.getByTestId('history-item').filter({ hasText: 'Vorbezahlte Antwort erhalten' });
  await expect(payout).toContainText('+20 Credits');
  await second.context().close();

  // Anton's page is still open (its socket brought the reply): a message sent while the socket
  // misses it arrives once the socket has reconnected.
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
  socket.drop();
  const missed = await request.post(`/api/messages/${anton.id}`, {
    headers: { authorization: `Bearer ${berta.token}` },
    data: { body: 'Bist du noch da?', prepaidReply: 0 },
  });
  expect(missed.ok()).toBe(true);
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
  await socket.reconnect();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Bist du noch da?' })).toBeVisible();

  // 30 more messages through the API: the conversation shows the newest 30 and pages back on request.
  for (let i = 1; i <= 15; i++) {
    for (const [from, to] of [
      [anton, berta],
      [berta, anton],
    ] as const) {
      const res = await request.post(`/api/messages/${to.id}`, {
        headers: { authorization: `Bearer ${from.token}` },
        data: { body: `${from.name} Nummer ${i}`, prepaidReply: 0 },
      });
      expect(res.ok()).toBe(true);
    }
  }
  await page.goto(`/messages/${berta.id}`);
  await expect(page.getByTestId('chat-message').last()).toContainText('Berta Nummer 15');
  await expect(page.getByTestId('chat-message')).toHaveCount(30);
  await expect(antonsMessage).toHaveCount(0);
  await page.getByRole('button', { name: 'Ältere Nachrichten laden' }).click();
  await expect(page.getByTestId('chat-message')).toHaveCount(33);
  await expect(page.getByTestId('chat-message').first()).toContainText('Lust auf einen Kaffee?');
  await expect(page.getByRole('button', { name: 'Ältere Nachrichten laden' })).toHaveCount(0);

  // Anton has 60 credits left: the server's German 402 shows for a prepaid reply he cannot pay
  // (the new-message form; the conversation offers a prepaid reply only to a man writing first) and for premium.
  await page.goto(`/messages?to=${berta.id}`);
  await page.getByLabel('Nachricht', { exact: true }).fill('Noch eine Frage');
  await page.getByLabel('Vorbezahlte Antwort (Credits)').fill('100');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nicht genug Credits' })).toBeVisible();
  await page.goto('/wallet?purchase=cancelled');
  await expect(page.getByTestId('purchase-return')).toHaveText('Kauf abgebrochen.');
  await page.goto('/wallet?purchase=success');
  await expect(page.getByTestId('purchase-return')).toHaveText(
    'Danke! Deine Credits werden gutgeschrieben, sobald die Zahlung bestätigt ist.',
  );
  await expect(balance).toHaveText('60 Credits');
  // The price is stated on the page and again in the confirmation, before anything is booked.
  await expect(page.getByTestId('premium-price')).toHaveText('30 Tage Premium für 300 Credits');
  await expect(page.getByTestId('premium-euro')).toHaveText('Das entspricht 23,07 EUR bis 29,94 EUR, je nach Credit-Paket.');
  // Too few credits: the dialog says so up front and leads to the packs instead of a purchase that must fail.
  await page.getByRole('button', { name: 'Premium kaufen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Premium kaufen?' });
  await expect(dialog).toContainText('30 Tage Premium kosten 300 Credits, du hast 60 Credits. Dir fehlen noch 240 Credits');
  await expect(dialog.getByRole('button', { name: 'Für 300 Credits kaufen' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Credits aufladen' }).click();
  await expect(page.locator('#credit-packs')).toBeFocused();
  await expect(balance).toHaveText('60 Credits');
});
