import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Each worker starts its own server (support/fixtures.ts: the worker-scoped `server` fixture sets
// `baseURL`), so workers share no state; the web app is built beforehand (support/global-setup.ts).
// E2E_WORKERS: a count ('3') or a share of the cores ('50%'); 2 by default, in CI too.
const WORKERS = process.env.E2E_WORKERS ?? '2';

// Two browsers from Debian: the full `chromium` (new headless mode) only for the journeys tagged
// @full-chrome (Web Push: the headless shell has no PushManager), and `chromium-headless-shell`
// (the old headless mode, no browser UI behind the page) for the rest: the same journeys took
// 10.6 min on the full browser and 7.9 min on the shell (session 58). Without the shell installed,
// every journey runs on the full browser. CHROMIUM_PATH / CHROMIUM_SHELL_PATH name other binaries.
const FULL_CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHELL = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const browser = (executablePath: string) => ({ launchOptions: { executablePath, args: ARGS } });

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
    // The app follows the system's colour scheme until the member chooses (issue 56, item 13): the
    // journeys run on a dark system, the app's own default; theme tests set the scheme they need.
    colorScheme: 'dark',
    trace: 'off',
  },
  projects: [
    { name: 'shell', grepInvert: /@full-chrome/, use: browser(existsSync(SHELL) ? SHELL : FULL_CHROME) },
    { name: 'full-chrome', grep: /@full-chrome/, use: browser(FULL_CHROME) },
  ],
});
