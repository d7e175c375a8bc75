import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { memberWithProfile } from '../../../test/members.js';
import { loadSecret } from '../../platform/crypto/secrets.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';

const t = useTestApp({ smtp: true });
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60 * 1000;
const url = (token: string) => `/api/notifications/unsubscribe?t=${token}`;
const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };
const page = (token: string) => t.app.inject({ method: 'GET', url: url(token) });
const post = (token: string) => t.app.inject({ method: 'POST', url: url(token), headers: oneClick, payload: 'List-Unsubscribe=One-Click' });
const BAD_LINK = { error: 'invalid_token', message: 'Dieser Abmeldelink ist ungültig oder abgelaufen. Deine E-Mail-Benachrichtigungen kannst du in den Einstellungen ändern.' };

/** Every spelling of the member id a token could carry it in. */
function spellings(id: string): string[] {
  const bytes = Buffer.from(id.replaceAll('-', ''), 'hex');
  const text = Buffer.from(id);
  const encodings = [bytes, text].flatMap((b) =>
    [0, 1, 2].flatMap((shift) => {
      // base64 of the id at each alignment: the characters that depend on the id bytes alone.
      const padded = Buffer.concat([Buffer.alloc(shift), b]);
      const inner = (s: string) => s.slice(Math.ceil((shift * 4) / 3) + 1, Math.floor((padded.length * 4) / 3) - 1);
      return [inner(padded.toString('base64')), inner(padded.toString('base64url'))];
    }),
  );
  return [id, id.replaceAll('-', ''), ...encodings].map((s) => s.toLowerCase());
}

async function confirmedMember(name: string) {
  const m = await memberWithProfile(t.app, name, 'female');
  await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [m.id]);
  return m;
}

describe('unsubscribe tokens', () => {
  it('carry neither the member id (in any encoding) nor the kind readably: two tokens for the same never match', async () => {
    const ida = await confirmedMember('Ida');
    const tokens = new UnsubscribeTokens(t.c.db);
    const [a, b] = [await tokens.sign(ida.id, 'message'), await tokens.sign(ida.id, 'message')];
    for (const token of [a, b]) {
      const decoded = [token, Buffer.from(token, 'base64url').toString('hex'), Buffer.from(token, 'base64url').toString('latin1')].map((s) => s.toLowerCase());
      for (const spelling of spellings(ida.id)) for (const d of decoded) expect(d).not.toContain(spelling);
      expect(Buffer.from(token, 'base64url').includes(Buffer.from(ida.id.replaceAll('-', ''), 'hex'))).toBe(false);
    }
    expect(a).not.toBe(b);
    const kinds = await Promise.all((['match', 'message', 'flirt'] as const).map((kind) => tokens.sign(ida.id, kind)));
    expect(new Set(kinds.map((k) => k.length)).size).toBe(1); // not even the length tells the kind
    expect((await page(a)).statusCode).toBe(200);
  });

  it('say their lifetime in the mail and end after it: GET and POST refuse an expired link and change nothing', async () => {
    const [ida, eva] = [await confirmedMember('Ida'), await confirmedMember('Eva')];
    const sent = await t.app.inject({ method: 'POST', url: `/api/messages/${ida.id}`, headers: { authorization: `Bearer ${eva.token}` }, payload: { body: 'Hallo Ida!' } });
    expect(sent.statusCode).toBe(200);
    await t.c.notifications.idle();
    await t.c.mailSender.drain();
    const [email] = await t.c.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [ida.id]);
    const mail = t.smtp.mailsTo(email!.email).find((m) => m.headers['list-unsubscribe']);
    expect(mail?.text).toContain('Dieser Link gilt 60 Tage.');
    const token = /unsubscribe\?t=([\w-]+)/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 59 * DAY });
    expect((await page(token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * DAY);
    for (const res of [await page(token), await post(token)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_LINK);
    }
    const browser = await t.app.inject({ method: 'GET', url: url(token), headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect([browser.statusCode, browser.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(browser.body).toContain('Dieser Abmeldelink ist ungültig oder abgelaufen.');
    vi.useRealTimers();
    const [row] = await t.c.db.query<{ on: boolean }>('SELECT email_on_message AS on FROM users WHERE id = $1', [ida.id]);
    expect(row?.on).toBe(true);
  });

  it('refuse a tampered token and a token of the old format (member id and kind in clear with an HMAC)', async () => {
    const ida = await confirmedMember('Ida');
    const token = await new UnsubscribeTokens(t.c.db).sign(ida.id, 'flirt');
    const raw = Buffer.from(token, 'base64url');
    for (const i of [0, 13, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[i]! ^= 1;
      expect((await page(tampered.toString('base64url'))).json()).toEqual(BAD_LINK);
    }
    const body = Buffer.concat([Buffer.from(ida.id.replaceAll('-', ''), 'hex'), Buffer.of(2)]);
    const mac = createHmac('sha256', await loadSecret(t.c.db, 'notification-unsubscribe')).update(body).digest();
    const old = Buffer.concat([body, mac]).toString('base64url');
    for (const res of [await page(old), await post(old)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_LINK);
    }
    const [row] = await t.c.db.query<{ on: boolean }>('SELECT email_on_flirt AS on FROM users WHERE id = $1', [ida.id]);
    expect(row?.on).toBe(true);
  });
});
