import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { memberWithProfile, type Member } from '../support/members.js';

// Issue 56 item 5: new flirts and matches show as badges, live, until their list is opened (on every device).

async function pageFor(browser: Browser, who: Member, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), who.token);
  return page;
}

test('a new flirt and a new match show on the tabs as they come, and go once their list is opened, on every device', async ({ guardPage: page, browser, request }) => {
  const nora = await memberWithProfile(request, 'Nora', 'female');
  const paul = await memberWithProfile(request, 'Paul', 'male');
  const piet = await memberWithProfile(request, 'Piet', 'male');
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), nora.token);
  await page.goto('/discover');
  const tabs = page.getByRole('navigation', { name: 'Entdecken, Matches und Flirts' });
  await expect(tabs.getByRole('link', { name: 'Flirts' })).toBeVisible();
  await expect(tabs.getByTestId('new-flirts')).toHaveCount(0);

  // Live, without a reload.
  expect((await request.post(`/api/likes/${nora.id}?type=flirt`, { headers: paul.headers })).ok()).toBe(true);
  await expect(tabs.getByTestId('new-flirts')).toHaveText('11 neuer Flirt');
  expect((await request.post(`/api/likes/${piet.id}?type=like`, { headers: nora.headers })).ok()).toBe(true);
  expect((await request.post(`/api/likes/${nora.id}?type=like`, { headers: piet.headers })).ok()).toBe(true);
  await expect(tabs.getByTestId('new-matches')).toHaveText('11 neues Match');
  // The top bar sums them beside Entdecken.
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByTestId('new-badge')).toHaveText('22 neue Matches und Flirts');

  // Opening Flirts clears the flirts only.
  await page.goto('/flirts');
  await expect(page.getByTestId('flirt-item')).toHaveCount(1);
  await expect(tabs.getByTestId('new-flirts')).toHaveCount(0);
  await expect(tabs.getByTestId('new-matches')).toHaveText('11 neues Match');

  // Another device (a phone) knows: the flirt is seen, the match still new, on the tab bar's Matches.
  const phone = await pageFor(browser, nora, { width: 360, height: 740 });
  await phone.goto('/discover');
  const tabBar = phone.getByRole('navigation', { name: 'Schnellnavigation' });
  await expect(tabBar.getByTestId('new-badge')).toHaveText('11 neues Match oder neuer Flirt');
  await phone.goto('/matches');
  await expect(phone.getByTestId('match-item').filter({ hasText: 'Piet' })).toBeVisible();
  await expect(tabBar.getByTestId('new-badge')).toHaveCount(0);
  // The first device hears it.
  await expect(tabs.getByTestId('new-matches')).toHaveCount(0);
  await phone.context().close();
});
