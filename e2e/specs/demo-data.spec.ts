import { expect, test } from '../support/fixtures.js';
import { memberWithProfile } from '../support/members.js';

/** The category buttons of the Top10 and 'Bewerten' pages (contracts' categoryLabels). */
const CATEGORIES = [
  ['age', 'Alter'],
  ['sex', 'Sexy'],
  ['face', 'Gesicht'],
  ['full_body', 'Ganzkörper'],
  ['vacation', 'Urlaub'],
  ['bikini', 'Bikini'],
] as const;

test('a DEMO_DATA=1 start has Top10 entries and a photo to rate in every category', async ({ guardPage: page, request }) => {
  const member = await memberWithProfile(request, 'Neu', 'male');
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), member.token);

  const month = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date());
  for (const [category, label] of CATEGORIES) {
    await page.goto(`/leaderboard?category=${category}`);
    await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    const entries = page.getByTestId('leaderboard-entry');
    await expect(entries.first(), label).toBeVisible();
    expect(await entries.count()).toBeGreaterThanOrEqual(5);
    await expect(entries.first()).toContainText(month);
  }

  for (const [category, label] of CATEGORIES) {
    await page.goto(`/vote?category=${category}`);
    await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    const card = page.getByTestId('vote-card');
    await expect(card, label).toBeVisible();
    await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await card.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
});
