import { defineConfig } from '@playwright/test';

// Each worker starts its own server (support/fixtures.ts: the worker-scoped `server` fixture sets
// `baseURL`), so workers share no state; the web app is built beforehand (support/global-setup.ts).
// E2E_WORKERS: a count ('3') or a share of the cores ('50%'); 2 by default, in CI too.
const WORKERS = process.env.E2E_WORKERS ?? '2';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: WORKERS.endsWith('%') ? WORKERS : Number(WORKERS),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
