import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { writeFakeCamera } from '../support/fake-camera.js';
import { adminSession, memberWithProfile, type Member } from '../support/members.js';

// Real faces: crops of the sample photos inside @vladmandic/face-api (the boxes are those of
// apps/server/test/faces.ts). Each sample shows a person once, so "the same person" is several crops of one face.
const demo = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json', { paths: [path.resolve('../apps/server')] })), 'demo');
type Box = { sample: number; x: number; y: number; width: number; height: number };
/** Head turned to her own left (yaw ~0.8, upright). */
const TURNED_LEFT: Box = { sample: 5, x: 598, y: 415, width: 166, height: 249 };
/** Tilted (roll ~29°) and turned to her right; `NEIGHBOUR` stands beside her, ~0.47 apart for the model (uncertain). */
const TILTED: Box = { sample: 4, x: 664, y: 53, width: 187, height: 258 };
const NEIGHBOUR: Box = { sample: 4, x: 1277, y: 144, width: 145, height: 244 };

async function crop(b: Box, { margin = 0.6, shift = 0, width, quality = 90 }: { margin?: number; shift?: number; width?: number; quality?: number } = {}): Promise<Buffer> {
  const file = path.join(demo, `sample${b.sample}.jpg`);
  const meta = await sharp(file).metadata();
  const left = Math.max(0, Math.round(b.x - b.width * margin + b.width * shift));
  const top = Math.max(0, Math.round(b.y - b.height * margin + b.height * shift));
  const right = Math.min(meta.width, Math.round(b.x + b.width * (1 + margin) + b.width * shift));
  const bottom = Math.min(meta.height, Math.round(b.y + b.height * (1 + margin) + b.height * shift));
  let img = sharp(file).extract({ left, top, width: right - left, height: bottom - top });
  if (width) img = img.resize({ width });
  return img.jpeg({ quality }).toBuffer();
}

/**
 * A selfie of the TURNED_LEFT woman in the asked pose (poses as the server reads the landmarks, in the
 * unmirrored frame): as she is for a turn to the left, mirrored for a turn to the right, rotated for a tilt.
 */
async function selfieFor(instruction: string): Promise<Buffer> {
  const base = await crop(TURNED_LEFT, { margin: 0.45, shift: 0.1, width: 300, quality: 70 });
  if (instruction === 'Dreh den Kopf nach links') return base;
  if (instruction === 'Dreh den Kopf nach rechts') return sharp(base).flop().jpeg().toBuffer();
  expect(instruction).toBe('Neig den Kopf zur Seite');
  return sharp(base).rotate(20, { background: '#000' }).jpeg().toBuffer();
}

async function upload(request: APIRequestContext, m: Member, photo: Buffer): Promise<void> {
  const res = await request.post('/api/photos/upload', { headers: m.headers, multipart: { file: { name: 'ich.jpg', mimeType: 'image/jpeg', buffer: photo } } });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { photo: { status: string } }).photo.status).toBe('approved');
}

async function signIn(page: Page, token: string, to: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(to);
}

/** Chromium whose camera shows `image` (one launch per picture: the fake camera file is read at launch). */
async function withCamera<T>(image: Buffer, run: (page: Page) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'funkeln-camera-'));
  const file = path.join(dir, 'camera.y4m');
  await writeFakeCamera(image, file);
  const use = test.info().project.use;
  const browser: Browser = await chromium.launch({
    executablePath: use.launchOptions?.executablePath,
    args: [...(use.launchOptions?.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  });
  try {
    const context = await browser.newContext({ baseURL: use.baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const result = await run(page);
    expect(errors).toEqual([]);
    return result;
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Opens /verification, starts (or resumes) the attempt and returns the pose instruction shown at capture. */
async function openAttempt(page: Page): Promise<string> {
  await page.goto('/verification');
  await page.getByRole('button', { name: 'Verifizierung starten' }).click();
  const instruction = page.getByTestId('pose-instruction');
  await expect(instruction).toBeVisible();
  return (await instruction.textContent())?.trim() ?? '';
}

/** Takes the selfie from the camera once the video shows frames. */
async function capture(page: Page): Promise<void> {
  const video = page.getByLabel('Kamerabild');
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Selfie aufnehmen' }).click();
}

test('a member verifies her photos with a selfie in the asked pose from the camera; others see the badge', async ({ guardPage: page, request }) => {
  test.setTimeout(120_000);
  const anna = await memberWithProfile(request, `Anna-${uniqueEmail('x').slice(2, 6)}`, 'female');
  for (const photo of [await crop(TURNED_LEFT), await crop(TURNED_LEFT, { margin: 0.8, shift: -0.05 }), await crop(TURNED_LEFT, { margin: 0.5, shift: 0.05, width: 400 })]) {
    await upload(request, anna, photo);
  }

  // Consent, then a random pose; a reload and a new start keep the open attempt's pose (no re-rolling).
  await signIn(page, anna.token, '/verification');
  await expect(page.getByText('Dein Selfie sehen andere Mitglieder nie.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Ich willige ein' }).click();
  await expect(page.getByRole('button', { name: 'Einwilligung widerrufen' })).toBeVisible();
  const instruction = await openAttempt(page);
  expect(['Dreh den Kopf nach links', 'Dreh den Kopf nach rechts', 'Neig den Kopf zur Seite']).toContain(instruction);
  await page.reload();
  expect(await openAttempt(page)).toBe(instruction);

  // The camera shows her in that pose: verified.
  await withCamera(await selfieFor(instruction), async (cam) => {
    await signIn(cam, anna.token, '/verification');
    expect(await openAttempt(cam)).toBe(instruction);
    await capture(cam);
    await expect(cam.getByTestId('verification-result')).toContainText('Foto verifiziert: Dein Selfie passt zu deinen Fotos.');
    await expect(cam.getByTestId('verification-state')).toContainText('Foto verifiziert');
  });

  // The badge on her profile, for her and for another member.
  await page.goto(`/profile/${anna.id}`);
  await expect(page.getByTestId('profile-verified')).toBeVisible();
  const viewer = await memberWithProfile(request, 'Betrachter', 'male');
  await signIn(page, viewer.token, `/profile/${anna.id}`);
  await expect(page.getByTestId('profile-verified')).toBeVisible();
  await expect(page.getByTestId('profile-verified')).toHaveAttribute('aria-label', 'Foto verifiziert');
});

test('an uncertain selfie waits for an admin, who sees both images side by side and approves it', async ({ guardPage: page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(request);
  // Her neighbour's face is tilted and turned to her right, so it answers those two poses; an attempt
  // asking for a turn to the left is used up with a faceless picture (one of the day's 5 tries) first.
  // One member in 243 draws a turn to the left five times and has no try left: then another signs up.
  const faceless = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#8ab' } }).jpeg().toBuffer();
  const drawsAnswerablePose = async (member: Awaited<ReturnType<typeof memberWithProfile>>) => {
    for (let round = 0; round < 5; round++) {
      const started = await request.post('/api/me/verification/attempts', { headers: member.headers });
      expect(started.ok(), await started.text()).toBe(true);
      const attempt = (await started.json()) as { attemptId: string; instruction: string };
      if (attempt.instruction !== 'turn_left') return true;
      const used = await request.post(`/api/me/verification/attempts/${attempt.attemptId}/selfie`, {
        headers: member.headers,
        multipart: { file: { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: faceless } },
      });
      expect(((await used.json()) as { reason: string }).reason).toBe('no_face');
    }
    return false;
  };
  const signUp = async (signUps = 0): Promise<{ berta: Awaited<ReturnType<typeof memberWithProfile>>; name: string }> => {
    expect(signUps).toBeLessThan(3);
    const name = `Berta-${uniqueEmail('x').slice(2, 6)}`;
    const berta = await memberWithProfile(request, name, 'female');
    for (const photo of [await crop(TILTED), await crop(TILTED, { margin: 0.8, shift: -0.05 })]) await upload(request, berta, photo);
    expect((await request.put('/api/me/verification/consent', { headers: berta.headers, data: { given: true } })).ok()).toBe(true);
    return (await drawsAnswerablePose(berta)) ? { berta, name } : signUp(signUps + 1);
  };
  const { berta, name } = await signUp();

  await withCamera(await crop(NEIGHBOUR, { margin: 0.3 }), async (cam) => {
    await signIn(cam, berta.token, '/verification');
    expect(['Dreh den Kopf nach rechts', 'Neig den Kopf zur Seite']).toContain(await openAttempt(cam));
    await capture(cam);
    await expect(cam.getByTestId('verification-result')).toContainText('Unser Team schaut sich dein Selfie noch an.');
    await expect(cam.getByText('Dein Selfie wird gerade von unserem Team geprüft.')).toBeVisible();
  });

  // The admin's queue: selfie and main photo side by side, both loaded through their signed links.
  await signIn(page, admin.token, '/admin/moderation');
  const item = page.getByTestId('pending-verification').filter({ hasText: name });
  await expect(item).toBeVisible();
  for (const alt of [`Selfie von ${name}`, `Hauptfoto von ${name}`]) {
    const img = item.getByRole('img', { name: alt });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expect(item.getByRole('img')).toHaveCount(2);
  await item.getByRole('button', { name: 'Verifizieren' }).click();
  await expect(item).toHaveCount(0);

  // Berta has the badge; the decision is in the audit log.
  await signIn(page, berta.token, '/verification');
  await expect(page.getByTestId('verification-state')).toContainText('Foto verifiziert');
  const audit = (await (await request.get('/api/admin/audit', { headers: admin.headers })).json()) as { action: string; target: string }[];
  expect(audit.some((a) => a.action === 'verification.approve')).toBe(true);
});
