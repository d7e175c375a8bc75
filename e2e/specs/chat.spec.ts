import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { adminSession, confirmEmail, memberWithProfile, type Member } from '../support/members.js';

/**
 * Home with the session's socket connected ('Gerade online' counts it) and the members' layout
 * (match dialog) loaded, so live events reach the page.
 */
async function onlineAt(page: Page, who: Member): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), who.token);
  await page.goto('/');
  await expect(page.getByTestId('online-count')).not.toHaveText('0');
  await expect(page.getByTestId('match-celebration')).toBeAttached();
}

async function like(request: APIRequestContext, from: Member, to: Member): Promise<void> {
  expect((await request.post(`/api/likes/${to.id}?type=like`, { headers: from.headers })).ok()).toBe(true);
}

async function match(request: APIRequestContext, a: Member, b: Member): Promise<void> {
  await like(request, a, b);
  await like(request, b, a);
}

/** 50 credits through the test-mode pack purchase. */
async function buyStarter(request: APIRequestContext, buyer: Member): Promise<void> {
  expect((await request.post('/api/wallet/purchases', { headers: buyer.headers, data: { packId: 'starter', withdrawalConsent: true } })).ok()).toBe(true);
}

async function send(request: APIRequestContext, from: Member, to: Member, body: string): Promise<void> {
  const res = await request.post(`/api/messages/${to.id}`, { headers: from.headers, data: { body, prepaidReply: 0 } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function pageFor(browser: Browser, who: Member, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), who.token);
  return page;
}

test('match -> chat from the match dialog -> Enter sends -> unread badge, Gelesen and the typing indicator', async ({ guardPage: page, browser, request }) => {
  const anton = await memberWithProfile(request, 'Anton', 'male');
  const berta = await memberWithProfile(request, 'Berta', 'female');
  await buyStarter(request, anton);

  await onlineAt(page, anton);
  const second = await (await browser.newContext()).newPage();
  await onlineAt(second, berta);
  const nav = second.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Nachrichten' })).toBeVisible();
  await expect(nav.getByTestId('unread-badge')).toHaveCount(0);

  // The match reaches Anton's open page; he starts the chat from the dialog.
  await like(request, berta, anton);
  await like(request, anton, berta);
  const celebration = page.getByTestId('match-celebration');
  await expect(celebration).toBeVisible();
  await celebration.getByRole('link', { name: 'Nachricht schreiben' }).click();
  await second.getByTestId('match-celebration').getByRole('button', { name: 'Weiter swipen' }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${berta.id}$`));
  await expect(page.getByRole('heading', { name: 'Berta', level: 1 })).toBeVisible();
  await expect(page.getByTestId('compose-cost')).toHaveText('Kostet 5 Credits · Guthaben 50');

  // A man writing first may add a prepaid reply behind '+'. Enter sends, Shift+Enter makes a new
  // line; the draft goes, the price follows the balance.
  const prepaid = page.getByRole('button', { name: 'Vorbezahlte Antwort anbieten' });
  await prepaid.click();
  await page.getByLabel('Vorbezahlte Antwort (Credits)').fill('10');
  const composer = page.getByLabel('Nachricht', { exact: true });
  await composer.fill('Hallo Berta!');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Wie geht es dir?');
  await composer.press('Enter');
  const first = page.getByTestId('chat-message').filter({ hasText: 'Wie geht es dir?' });
  await expect(first).toContainText('Hallo Berta!\nWie geht es dir?');
  await expect(first.getByTestId('prepaid-badge')).toHaveText('Vorbezahlte Antwort: 10 Credits');
  await expect(composer).toHaveValue('');
  await expect(page.getByLabel('Vorbezahlte Antwort (Credits)')).toHaveCount(0);
  await expect(page.getByTestId('compose-cost')).toHaveText('Kostet 5 Credits · Guthaben 35');
  await expect(page.getByTestId('day-separator')).toHaveText('Heute');
  await expect(page.getByTestId('read-receipt')).toHaveCount(0);

  // Berta sees the unread count beside Nachrichten and in the tab title, and opens the conversation.
  await expect(nav.getByTestId('unread-badge')).toContainText('1');
  await expect(second).toHaveTitle(/^\(1\) Funkeln/);
  await nav.getByRole('link', { name: 'Nachrichten' }).click();
  const item = second.getByTestId('conversation-item').filter({ hasText: 'Anton' });
  await expect(item).toContainText('1 ungelesen');
  await item.click();
  await expect(second.getByTestId('chat-message').filter({ hasText: 'Wie geht es dir?' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Vorbezahlte Antwort anbieten' })).toHaveCount(0);
  await expect(nav.getByTestId('unread-badge')).toHaveCount(0);
  await expect(second).toHaveTitle(/^Funkeln/);

  // Anton sees 'Gelesen' under his message, then Berta typing, then her answer.
  await expect(page.getByTestId('read-receipt')).toHaveText('Gelesen');
  await second.getByLabel('Nachricht', { exact: true }).pressSequentially('Gut, und di');
  await expect(page.getByTestId('typing-indicator')).toHaveText('Berta schreibt …');
  await second.getByLabel('Nachricht', { exact: true }).pressSequentially('r?');
  await second.getByLabel('Nachricht', { exact: true }).press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Gut, und dir?' })).toBeVisible();
  await expect(page.getByTestId('typing-indicator')).toHaveText('');
  // Her reply collected the prepaid credits; once she has written, '+' is gone.
  await expect(first.getByTestId('prepaid-badge')).toHaveCount(0);
  await expect(prepaid).toHaveCount(0);
  await second.context().close();
});

test('a draft survives a reload and a failed send is retried as the same message', async ({ guardPage: page, request }) => {
  const carla = await memberWithProfile(request, 'Carla', 'female');
  const dirk = await memberWithProfile(request, 'Dirk', 'male');
  await match(request, carla, dirk);
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), carla.token);
  await page.goto(`/messages/${dirk.id}`);
  const composer = page.getByLabel('Nachricht', { exact: true });
  await composer.fill('Ein Entwurf');
  await page.reload();
  await expect(composer).toHaveValue('Ein Entwurf');

  // The first attempt is stored but its answer is lost: the retry must not store it twice.
  let dropped = false;
  await page.route(`**/api/messages/${dirk.id}`, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await composer.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Die Nachricht konnte nicht gesendet werden.');
  await expect(composer).toHaveValue('Ein Entwurf');
  await page.getByRole('button', { name: 'Erneut senden', exact: true }).click();
  await expect(composer).toHaveValue('');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Ein Entwurf' })).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Ein Entwurf' })).toHaveCount(1);
  await expect(composer).toHaveValue('');
});

test('a new man writes his first message to his first match with the welcome credits of his confirmed address', async ({ guardPage: page, request }) => {
  const jan = await memberWithProfile(request, 'Jan', 'male');
  const kira = await memberWithProfile(request, 'Kira', 'female');
  await confirmEmail(request, jan.email);
  await match(request, jan, kira);
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), jan.token);
  await page.goto(`/messages/${kira.id}`);
  await expect(page.getByTestId('compose-cost')).toHaveText('Kostet 5 Credits · Guthaben 30');
  const composer = page.getByLabel('Nachricht', { exact: true });
  await composer.fill('Hallo Kira, schön dass es gefunkt hat!');
  await composer.press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hallo Kira' })).toBeVisible();
  await expect(page.getByTestId('compose-cost')).toHaveText('Kostet 5 Credits · Guthaben 25');
});

test('a man without credits sees the price before typing, claims a reward in the chat and writes, or reaches /wallet in one tap', async ({ guardPage: page, request }) => {
  const adminHeaders = (await adminSession(request)).headers;
  // No welcome credits for this one: he starts at 0 as members confirmed before them did.
  expect((await request.put('/api/admin/settings', { headers: adminHeaders, data: { WELCOME_CREDITS: '0' } })).ok()).toBe(true);
  try {
    const emil = await memberWithProfile(request, 'Emil', 'male');
    const frida = await memberWithProfile(request, 'Frida', 'female');
    await match(request, emil, frida);
    await confirmEmail(request, emil.email);
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', token), emil.token);
    await page.goto(`/messages/${frida.id}`);
    const short = page.getByTestId('compose-short');
    await expect(short).toContainText('Eine Nachricht kostet 5 Credits, du hast 0.');
    const composer = page.getByLabel('Nachricht', { exact: true });
    await expect(composer).toBeDisabled();
    await short.getByRole('button', { name: 'Tagesbonus abholen (+10)' }).click();
    await expect(page.getByTestId('compose-cost')).toHaveText('Kostet 5 Credits · Guthaben 10');
    await composer.fill('Hallo Frida!');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Hallo Frida!' })).toBeVisible();
    await composer.fill('Wie geht es dir?');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Wie geht es dir?' })).toBeVisible();
    // Spent: the daily bonus is claimed, nothing else is open; the wallet is one tap away.
    await expect(short).toContainText('Eine Nachricht kostet 5 Credits, du hast 0.');
    await expect(short.getByRole('button')).toHaveCount(0);
    await short.getByRole('link', { name: 'Credits aufladen' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { name: 'Credits & Rewards', level: 1 })).toBeVisible();
  } finally {
    await request.put('/api/admin/settings', { headers: adminHeaders, data: { WELCOME_CREDITS: '30' } });
  }
});

test("the women's daily limit counts replies only, shows the day's allowance and closes the composer at 0 until midnight", async ({ guardPage: page, request }) => {
  const adminHeaders = (await adminSession(request)).headers;
  const before = ((await (await request.get('/api/admin/settings', { headers: adminHeaders })).json()) as Record<string, string>).WOMAN_DAILY_REPLY_LIMIT;
  const greta = await memberWithProfile(request, 'Greta', 'female');
  const hans = await memberWithProfile(request, 'Hans', 'male');
  const ingo = await memberWithProfile(request, 'Ingo', 'male');
  await match(request, greta, hans);
  await match(request, greta, ingo);
  await buyStarter(request, ingo);
  try {
    expect((await request.put('/api/admin/settings', { headers: adminHeaders, data: { WOMAN_DAILY_REPLY_LIMIT: '2' } })).ok()).toBe(true);
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', token), greta.token);

    // Greta writes first to Hans: first messages are not replies, nothing counts or shows.
    await page.goto(`/messages/${hans.id}`);
    const composer = page.getByLabel('Nachricht', { exact: true });
    for (const text of ['Hallo Hans!', 'Bist du auch in Berlin?', 'Ich gehe gern wandern.']) {
      await composer.fill(text);
      await composer.press('Enter');
      await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
    }
    await expect(page.getByTestId('compose-replies-left')).toHaveCount(0);

    // Ingo writes first: her answers to him are replies, two today.
    await send(request, ingo, greta, 'Hallo Greta, wie war dein Tag?');
    await page.goto(`/messages/${ingo.id}`);
    await expect(page.getByTestId('compose-replies-left')).toHaveText('Noch 2 von 2 Antworten heute');
    await composer.fill('Schön, danke!');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Schön, danke!' })).toBeVisible();
    await expect(page.getByTestId('compose-replies-left')).toHaveText('Noch 1 von 2 Antworten heute');
    await composer.fill('Und deiner?');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Und deiner?' })).toBeVisible();
    await expect(page.getByTestId('compose-replies-used-up')).toHaveText(
      'Du hast heute alle 2 Antworten geschrieben. Ab Mitternacht (0:00 Uhr) kannst du wieder antworten.',
    );
    await expect(composer).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Erneut senden', exact: true })).toHaveCount(0);
  } finally {
    await request.put('/api/admin/settings', { headers: adminHeaders, data: { WOMAN_DAILY_REPLY_LIMIT: before } });
  }
});

const VISITOR_ROUTES = ['/', '/register', '/login', '/verify', '/forgot-password', '/reset', '/digital-friend', '/impressum', '/datenschutz', '/gibt-es-nicht'];
const MEMBER_ROUTES = [
  '/onboarding',
  '/discover',
  '/matches',
  '/flirts',
  '/wallet',
  '/messages',
  '/leaderboard',
  '/vote',
  '/settings',
  '/digital-friend',
  '/admin/settings',
  '/admin/moderation',
];

async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(clientWidth);
}

test('at 360 px nothing scrolls sideways, and members get the bottom tab bar with the unread count', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const jana = await memberWithProfile(request, 'Jana', 'female');
  const kurt = await memberWithProfile(request, 'Kurt', 'male');
  await match(request, jana, kurt);
  await buyStarter(request, kurt);
  await send(request, kurt, jana, 'Hallo Jana, ein ziemlich langes Wort: Donaudampfschifffahrtsgesellschaftskapitän');

  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  for (const path of VISITOR_ROUTES) await expectNoSidewaysScroll(visitor, path);
  await expect(visitor.getByRole('navigation', { name: 'Schnellnavigation' })).toHaveCount(0);
  await visitor.context().close();

  const phone = await pageFor(browser, jana, { width: 360, height: 740 });
  await phone.goto('/discover');
  const tabs = phone.getByRole('navigation', { name: 'Schnellnavigation' });
  for (const name of ['Entdecken', 'Matches', 'Nachrichten', 'Top10', 'Profil']) await expect(tabs.getByRole('link', { name })).toBeVisible();
  await expect(tabs.getByTestId('unread-badge')).toContainText('1');
  await expect(phone.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Entdecken' })).toBeHidden();
  await tabs.getByRole('link', { name: 'Nachrichten' }).click();
  await expect(phone.getByTestId('conversation-item').filter({ hasText: 'Kurt' })).toBeVisible();
  // One list of conversations; nobody is asked for a raw member id.
  await expect(phone.getByTestId('compose-by-id')).toHaveCount(0);
  await expect(phone.getByLabel('Empfänger-ID')).toHaveCount(0);

  for (const path of [...MEMBER_ROUTES, `/messages/${kurt.id}`, `/profile/${kurt.id}`, `/profile/${jana.id}`]) await expectNoSidewaysScroll(phone, path);
  await phone.context().close();
});

test('a block can be lifted later from Einstellungen, not only right after blocking', async ({ guardPage: page, request }) => {
  const lena = await memberWithProfile(request, 'Lena', 'female');
  const moritz = await memberWithProfile(request, 'Moritz', 'male');
  expect((await request.post(`/api/blocks/${moritz.id}`, { headers: { authorization: `Bearer ${lena.token}` } })).ok()).toBe(true);
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), lena.token);
  await page.goto('/settings');
  const section = page.getByTestId('blocked-members');
  await expect(section.getByRole('heading', { name: 'Blockierte Mitglieder' })).toBeVisible();
  const item = section.getByRole('listitem').filter({ hasText: 'Moritz' });
  await expect(item).toContainText('blockiert am');
  await item.getByRole('button', { name: 'Blockierung aufheben' }).click();
  await expect(section).toContainText('Moritz ist nicht mehr blockiert.');
  await expect(section).toContainText('Du hast niemanden blockiert.');
  expect((await request.get(`/api/profile/${moritz.id}`, { headers: { authorization: `Bearer ${lena.token}` } })).status()).toBe(200);
});
