import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register, uniqueEmail } from '../../../test/harness.js';
import { linkToken } from '../../../test/smtp.js';
import { loginAccountKey } from './auth.service.js';

// The limits that protect an account hold however many requests arrive at once, from however
// many addresses: each test fires its requests together (Redis limiter when TEST_REDIS_URL is set).

const t = useTestApp({ smtp: true });
afterEach(() => {
  vi.restoreAllMocks();
});

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

async function post(url: string, payload: object, remoteAddress: string): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress });
  return { status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after']?.toString() };
}

let network = 0;
/** An address in a /64 no other request of this file uses. */
const freshNetwork = () => `2001:db8:${(++network).toString(16)}::1`;

const login = (email: string, password: string, remoteAddress = freshNetwork()) => post('/api/auth/login', { email, password }, remoteAddress);
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;
const distinct = (answers: Answer[], status: number) => new Set(answers.filter((a) => a.status === status).map((a) => a.body)).size;

/**
 * Resolves once `n` of the answers are refusals (429). A refusal is answered without a password
 * check, so by then every request has been counted while the admitted ones may still be hashing.
 */
function refusals(answers: Promise<Answer>[], n: number): Promise<unknown> {
  let seen = 0;
  return Promise.race([
    Promise.all(answers),
    new Promise<void>((resolve) => {
      for (const a of answers) void a.then((x) => x.status === 429 && ++seen === n && resolve());
    }),
  ]);
}

const DELAYED = { error: 'rate_limited', message: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte etwas und versuche es dann erneut.' };

describe('login against one account', () => {
  it('checks at most 5 of 60 simultaneous guesses from 60 networks, and then refuses the right password too', async () => {
    const { email, password } = await register(t.app);
    const verify = vi.spyOn(argon2, 'verify');
    const guesses = Array.from({ length: 60 }, (_, i) => login(email, `falsch-${i}-raten`));
    await refusals(guesses, 55);
    const right = await login(email, password);
    const answers = await Promise.all(guesses);

    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(55);
    expect(verify).toHaveBeenCalledTimes(5);
    expect(right.status).toBe(429);
    expect(right.retryAfter).toBe('1');
    expect(JSON.parse(right.body)).toEqual(DELAYED);
  });

  it('counts an address without an account the same way, with the same answers and the same hashing', async () => {
    const { email } = await register(t.app);
    const verify = vi.spyOn(argon2, 'verify');
    const known = await Promise.all(Array.from({ length: 20 }, () => login(email, 'falsch123')));
    const ghost = uniqueEmail('ghost');
    const unknown = await Promise.all(Array.from({ length: 20 }, () => login(ghost, 'falsch123')));
    expect([count(known, 401), count(known, 429)]).toEqual([5, 15]);
    expect([count(unknown, 401), count(unknown, 429)]).toEqual([5, 15]);
    expect(distinct([...known, ...unknown], 401)).toBe(1);
    expect(distinct([...known, ...unknown], 429)).toBe(1);
    expect(verify).toHaveBeenCalledTimes(10); // the unknown address burns a dummy hash
  });

  it('is a delay, not a lock: once it has passed the owner gets in, which clears the count', async () => {
    const { email, password } = await register(t.app);
    const guesses = Array.from({ length: 6 }, () => login(email, 'falsch123'));
    await refusals(guesses, 1);
    let res = await login(email, password);
    expect(res.status).toBe(429);
    expect(res.retryAfter).toBe('1');
    while (res.status === 429) {
      await new Promise((r) => setTimeout(r, Number(res.retryAfter) * 1000));
      res = await login(email, password);
    }
    expect(res.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 5 }, () => login(email, 'falsch123')));
    expect(count(after, 401)).toBe(5);
  });

  it('ends at once when the owner resets the password', async () => {
    const { email } = await register(t.app);
    // Guessers have driven the delay up to an hour.
    await t.c.limiter.admit(loginAccountKey(email), { free: 1, baseMs: 3_600_000, maxDelayMs: 3_600_000, forgetMs: 86_400_000 });
    expect((await login(email, 'falsch123')).retryAfter).toBe('3600');

    await post('/api/auth/password/request', { email }, freshNetwork());
    await t.c.mailRequests.drain();
    await t.c.mailSender.drain();
    const token = linkToken(t.smtp.mailsTo(email).find((m) => m.subject === 'Passwort zurücksetzen'), '/reset');
    expect((await post('/api/auth/password/confirm', { token, newPassword: 'Sonnenblumen-Wiese-42' }, freshNetwork())).status).toBe(200);
    expect((await login(email, 'Sonnenblumen-Wiese-42')).status).toBe(200);
  });
});

describe('mail requests and token confirmation', () => {
  const inOneNetwork = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}::${(i + 1).toString(16)}`);

  it('password reset: 20 of 40 simultaneous requests from one /64 pass, and the daily cap holds with two workers', async () => {
    const { email } = await register(t.app);
    const answers = await Promise.all(inOneNetwork(40, '2001:db8:aaaa:1').map((ip) => post('/api/auth/password/request', { email }, ip)));
    expect([count(answers, 200), count(answers, 429)]).toEqual([20, 20]);
    expect(distinct(answers, 200)).toBe(1);
    expect((await post('/api/auth/password/request', { email }, '2001:db8:aaaa:2::1')).status).toBe(200);

    await Promise.all([t.c.mailRequests.drain(), t.c.mailRequests.drain()]);
    await t.c.mailSender.drain();
    expect(t.smtp.mailsTo(email).filter((m) => m.subject === 'Passwort zurücksetzen')).toHaveLength(5); // RESET_REQUEST_PER_DAY
    expect(await t.c.db.query('SELECT 1 FROM mail_requests')).toHaveLength(0);
  });

  it('resend verification: 20 of 40 simultaneous requests from one /64 pass, one is sent and gives one more mail', async () => {
    const { email } = await register(t.app);
    await t.c.db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    const answers = await Promise.all(inOneNetwork(40, '2001:db8:aaaa:3').map((ip) => post('/api/auth/verify/resend', { email }, ip)));
    expect([count(answers, 200), count(answers, 429)]).toEqual([20, 20]);
    // The same address within a minute: the first is sent, the others say one was just asked for.
    const outcomes = answers.filter((a) => a.status === 200).map((a) => (JSON.parse(a.body) as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(distinct(answers, 200)).toBe(2);

    await t.c.mailRequests.drain();
    await t.c.mailSender.drain();
    expect(t.smtp.mailsTo(email).filter((m) => m.subject === 'Bitte bestätige deine E-Mail-Adresse')).toHaveLength(2);
  });

  it('token confirmation: 30 of 60 simultaneous tries from one /64 are checked; a right token works once of 10', async () => {
    const guess = () => randomBytes(32).toString('base64url');
    const answers = await Promise.all(
      inOneNetwork(60, '2001:db8:aaaa:4').map((ip, i) =>
        i % 2 === 0
          ? post('/api/auth/verify/confirm', { token: guess() }, ip)
          : post('/api/auth/password/confirm', { token: guess(), newPassword: 'Sonnenblumen-Wiese-42' }, ip),
      ),
    );
    expect([count(answers, 400), count(answers, 429)]).toEqual([30, 30]);

    const { email } = await register(t.app);
    await t.c.mailSender.drain();
    const token = linkToken(t.smtp.mailsTo(email)[0], '/verify');
    const confirms = await Promise.all(Array.from({ length: 10 }, () => post('/api/auth/verify/confirm', { token }, freshNetwork())));
    expect([count(confirms, 200), count(confirms, 400)]).toEqual([1, 9]);
  });
});
