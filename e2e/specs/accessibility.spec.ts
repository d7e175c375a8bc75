import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { analyse, audit } from '../support/axe.js';
import { adminSession, confirmEmail, memberWithProfile, PASSWORD, type Member } from '../support/members.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

// WCAG 2.2 AA: every page, both themes, phone and desktop width, without serious or critical axe findings.
const THEMES = ['dark', 'light'] as const;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface Sessions {
  member: Member;
  other: Member;
  fan: Member;
  demo: string;
  newcomer: string;
  admin: string;
}

/** The members, lists and sessions the audits look at. */
async function prepare(request: APIRequestContext): Promise<Sessions> {
  const member = await memberWithProfile(request, 'Alma', 'female');
  await confirmEmail(request, member.email);
  const other = await memberWithProfile(request, 'Bruno', 'male');
  const fan = await memberWithProfile(request, 'Carla', 'female');
  // Populated lists: a match with a conversation, and a flirt waiting.
  const swipe = async (from: Member, to: Member, type: 'like' | 'flirt') => expect((await request.post(`/api/likes/${to.id}?type=${type}`, { headers: from.headers })).ok()).toBe(true);
  await swipe(member, other, 'like');
  await swipe(other, member, 'like');
  await swipe(fan, member, 'flirt');
  expect((await request.post('/api/wallet/purchases', { headers: member.headers, data: { packId: 'starter', withdrawalConsent: true } })).ok()).toBe(true);
  const sent = await request.post(`/api/messages/${other.id}`, { headers: member.headers, data: { body: 'Hallo Bruno!', prepaidReply: 0 } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const registered = await request.post('/api/auth/register', { data: { email: uniqueEmail('neu'), password: PASSWORD, displayName: 'Neu' } });
  const { token: newcomer } = (await registered.json()) as { token: string };
  // A demo member (DEMO_DATA=1) has photos, interests and prompts on the profile page.
  const [demo] = (await (await request.get('/api/feed', { headers: member.headers })).json()) as { id: string }[];
  expect(demo).toBeDefined();
  return { member, other, fan, demo: demo!.id, newcomer, admin: (await adminSession(request)).token };
}

// Every test here prepares what it needs (the audits' members once per worker: prepareOnce), so the
// audits spread over the workers.
test.describe.configure({ mode: 'parallel' });

interface Finding {
  page: string;
  lines: string[];
}

type Theme = (typeof THEMES)[number];
type Size = (typeof WIDTHS)[number];

/** Every path in one theme and at one width with `token` signed in (null: a visitor). */
async function auditAll(browser: Browser, theme: Theme, size: Size, token: string | null, paths: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  // Reduced motion: the pages' still frame, every element at full opacity. Mid-animation, axe measured
  // the landing page's fading match toast against its own background (1.17:1) whenever an audit fell
  // in a fade, so the finding came and went with timing.
  const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
  await context.addInitScript(
    ([t, s]) => {
      localStorage.setItem('theme', t);
      if (s) localStorage.setItem('token', s);
      else localStorage.removeItem('token');
    },
    [theme, token] as const,
  );
  const page = await context.newPage();
  for (const path of paths) {
    const lines = await audit(page, path);
    if (lines.length) findings.push({ page: `${path} (${theme}, ${size.width} px)`, lines });
  }
  await context.close();
  return findings;
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.page}\n${f.lines.join('\n')}`).join('\n');
}

const VISITOR_PAGES = ['/', '/login', '/register', '/forgot-password', '/reset?token=abc', '/verify?token=abc', '/impressum', '/datenschutz', '/gibt-es-nicht', '/auf-wiedersehen', '/digital-friend'];

function memberPages({ member, other, demo }: Sessions): string[] {
  return ['/discover', '/matches', '/flirts', '/messages', `/messages/${other.id}`, `/profile/${member.id}`, `/profile/${other.id}`, `/profile/${demo}`, '/settings', '/wallet', '/leaderboard', '/vote', '/digital-friend', '/verification'];
}

const ADMIN_PAGES = ['/admin/settings', '/admin/moderation'];

// One test per theme and width for each group of pages: 11 visitor, 14 member pages plus the
// newcomer's onboarding, 2 admin pages, each in 2 themes at 2 widths (112 audits).
for (const theme of THEMES) {
  for (const size of WIDTHS) {
    const at = `${theme}, ${size.width} px`;

    test(`visitor pages (${at}) have no serious or critical axe findings`, async ({ browser }) => {
      test.setTimeout(120_000);
      const findings = await auditAll(browser, theme, size, null, VISITOR_PAGES);
      expect(findings, report(findings)).toEqual([]);
    });

    test(`member pages (${at}) have no serious or critical axe findings`, async ({ browser, prepareOnce }) => {
      test.setTimeout(180_000);
      const sessions = await prepareOnce(prepare);
      const findings = await auditAll(browser, theme, size, sessions.member.token, memberPages(sessions));
      findings.push(...(await auditAll(browser, theme, size, sessions.newcomer, ['/onboarding'])));
      expect(findings, report(findings)).toEqual([]);
    });

    test(`admin pages (${at}) have no serious or critical axe findings`, async ({ browser, request, prepareOnce }) => {
      test.setTimeout(120_000);
      const sessions = await prepareOnce(prepare);
      // An open report, so the moderation queue is not empty while it is audited.
      const filed = await request.post('/api/reports', { headers: sessions.other.headers, data: { userId: sessions.fan.id, reason: 'spam', details: 'Nur Werbung.' } });
      expect(filed.ok(), await filed.text()).toBe(true);
      const reports = (await (await request.get('/api/admin/reports', { headers: { authorization: `Bearer ${sessions.admin}` } })).json()) as unknown[];
      expect(reports.length).toBeGreaterThan(0);
      const findings = await auditAll(browser, theme, size, sessions.admin, ADMIN_PAGES);
      expect(findings, report(findings)).toEqual([]);
    });
  }
}

/** Presses Tab until `target` has the focus (at most 80 times) and checks it shows a focus outline. */
async function tabTo(page: Page, target: Locator, outlined: Locator = target): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(await outlined.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('keyboard only: swipe on /discover; the match, report and confirm dialogs take the focus and give it back', async ({ browser, request }) => {
  const member = await memberWithProfile(request, 'Tasta', 'female');
  const other = await memberWithProfile(request, 'Klick', 'male');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  // The landing page's looping hero animation can be paused by keyboard (WCAG 2.2.2).
  await page.goto('/');
  const pause = page.getByRole('button', { name: 'Animation anhalten' });
  await tabTo(page, pause);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Animation abspielen' })).toBeFocused();
  expect(await page.locator('.swipe-card--pos0').evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');

  await page.evaluate((token) => localStorage.setItem('token', token), member.token);

  await page.goto('/discover');
  const top = page.getByTestId('top-card');
  await expect(top).toBeVisible();
  const skip = page.getByRole('button', { name: 'Skip', exact: true });
  await tabTo(page, skip, skip.locator('.swipe-action__icon'));
  const first = await top.textContent();
  await page.keyboard.press('Enter');
  await expect(top).not.toHaveText(first ?? '');
  await expect(skip).toBeFocused();

  // Like by keyboard until a demo member likes back (every third does): the match dialog takes the
  // focus on 'Weiter swipen' and Enter hands it back to the swipe buttons.
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await tabTo(page, like, like.locator('.swipe-action__icon'));
  const celebration = page.getByTestId('match-celebration');
  for (let i = 0; i < 30 && !(await celebration.isVisible()); i++) {
    await expect(like).toBeEnabled();
    const before = await top.textContent();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await celebration.isVisible()) || (await top.textContent()) !== before).toBe(true);
  }
  const proceed = celebration.getByRole('button', { name: 'Weiter swipen' });
  await expect(proceed).toBeFocused();
  for (const theme of THEMES) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const findings = await analyse(page);
    expect(findings, `match dialog (${theme})\n${findings.join('\n')}`).toEqual([]);
  }
  // A like sent just before the first match showed may have matched too: those dialogs come one after the other.
  for (let i = 0; i < 5 && (await celebration.isVisible()); i++) {
    const sentence = (await page.getByTestId('match-name').textContent()) ?? '';
    await expect(proceed).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(celebration.filter({ hasText: sentence })).toBeHidden();
  }
  await expect(celebration).toBeHidden();
  await expect(like).toBeFocused();

  await page.goto(`/profile/${other.id}`);
  const opener = page.getByRole('button', { name: 'Melden', exact: true });
  await expect(opener).toBeVisible();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Melden' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (const theme of THEMES) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const findings = await analyse(page);
    expect(findings, `report dialog (${theme})\n${findings.join('\n')}`).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The confirm dialog on /matches: the safe choice takes the focus; Escape cancels and returns it.
  for (const [from, to] of [
    [member, other],
    [other, member],
  ] as const) {
    expect((await request.post(`/api/likes/${to.id}?type=like`, { headers: from.headers })).ok()).toBe(true);
  }
  await page.goto('/matches');
  const unmatch = page.getByRole('button', { name: 'Entmatchen', exact: true, description: other.name });
  await expect(unmatch).toBeVisible();
  await tabTo(page, unmatch);
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  for (const theme of THEMES) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const findings = await analyse(page);
    expect(findings, `confirm dialog (${theme})\n${findings.join('\n')}`).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(unmatch).toBeFocused();
  await context.close();
});

/**
 * Runs in the page: what is wrong with the focused element, if anything: no focus indicator (an
 * outline or ring on it or on a part of it), or covered by something else (the sticky top bar, the
 * tab bar) at its centre.
 */
function focusProblem(): string | null {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  const ring = (e: Element) => {
    const s = getComputedStyle(e);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  };
  const focusRing = ring(el) || Array.from(el.querySelectorAll('*')).some(ring) || (el.parentElement !== null && ring(el.parentElement));
  if (!focusRing) return `${name}: no visible focus indicator`;
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
  const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
  const top = document.elementFromPoint(x, y);
  if (top && !el.contains(top) && !top.contains(el)) return `${name}: covered by ${top.tagName.toLowerCase()}.${String(top.className)}`;
  return null;
}

test('keyboard only: every focus stop shows a focus ring and is not covered', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const member = await memberWithProfile(request, 'Fokus', 'female');
  const partner = await memberWithProfile(request, 'Partner', 'male');
  for (const [from, to] of [
    [member, partner],
    [partner, member],
  ] as const) {
    expect((await request.post(`/api/likes/${to.id}?type=like`, { headers: from.headers })).ok()).toBe(true);
  }
  const problems: string[] = [];
  for (const [token, paths] of [
    [null, ['/', '/login', '/register', '/impressum']],
    [member.token, ['/discover', '/matches', '/settings', '/wallet', '/messages', `/messages/${partner.id}`, `/profile/${member.id}`, '/leaderboard', '/vote', '/digital-friend', '/verification']],
  ] as const) {
    for (const viewport of WIDTHS) {
      const context = await browser.newContext({ viewport });
      await context.addInitScript((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('main h1, main h2').filter({ visible: true }).first()).toBeVisible();
        await expect(page.getByText('Lädt …', { exact: true })).toHaveCount(0);
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('Tab');
          const problem = await page.evaluate(focusProblem);
          if (problem) problems.push(`${path} (${viewport.width} px): ${problem}`);
        }
      }
      await context.close();
    }
  }
  expect([...new Set(problems)], [...new Set(problems)].join('\n')).toEqual([]);
});

test("without a choice of her own the app follows the system's light or dark setting; her choice wins (issue 56, item 13)", async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    // The system changes while the page is open: the page follows.
    const other = scheme === 'light' ? 'dark' : 'light';
    await page.emulateMedia({ colorScheme: other });
    await expect(page.locator('html')).toHaveAttribute('data-theme', other);
    // Her own choice is kept whatever the system says.
    await page.evaluate((theme) => localStorage.setItem('theme', theme), scheme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.emulateMedia({ colorScheme: other });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await context.close();
  }
});
