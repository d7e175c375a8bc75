import { expect, test } from '../support/fixtures.js';

test('dark on a dark system (the default); the chosen theme survives a reload', async ({ guardPage: page }) => {
  await page.goto('/');
  const root = page.locator('html');
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Zum hellen Design wechseln' }).click();
  await expect(root).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Zum dunklen Design wechseln' }).click();
  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'dark');
});
