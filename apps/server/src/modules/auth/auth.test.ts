import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { bearer, PUBLIC_URL, register, uniqueEmail } from '../../../test/harness.js';
import { linkToken } from '../../../test/smtp.js';

const t = useTestApp({ smtp: true });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

async function mailsFor(email: string, count: number) {
  await t.c.mailRequests.drain();
  await t.c.mailSender.drain();
  const mails = t.smtp.mailsTo(email);
  expect(mails).toHaveLength(count);
  return mails;
}

describe('registration', () => {
  it('creates an unverified member, returns a session token and mails a verification link', async () => {
    const email = uniqueEmail('anna');
    const res = await post('/api/auth/register', { email: ` ${email.toUpperCase()} `, password: 'Kiwi-Wolke-Geheim-42', displayName: ' Anna ' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const profile = (await me(token)).json();
    expect(profile).toMatchObject({ email, display_name: 'Anna', email_verified: false, role: 'member' });

    const [mail] = await mailsFor(email, 1);
    expect(mail?.subject).toBe('Bitte bestätige deine E-Mail-Adresse');
    expect(mail?.text).toContain(`${PUBLIC_URL}/verify?token=`);
    expect(mail?.html).toContain('E-Mail-Adresse bestätigen');
  });

  it('answers a taken address with the generic failure and tells the owner by mail', async () => {
    const { email } = await register(t.app, uniqueEmail('taken'));
    const res = await post('/api/auth/register', { email, password: 'Anderes-Kiwi-Wolke-9', displayName: 'Mallory' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'registration_failed', message: 'Registrierung fehlgeschlagen. Bitte versuche es erneut.' });
    const mails = await mailsFor(email, 2);
    expect(mails.map((m) => m.subject)).toContain('Du hast bereits ein Funkeln-Konto');
  });

  it('stores no plaintext passwords or tokens', async () => {
    const { email, token } = await register(t.app);
    const [row] = await t.c.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await t.c.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(sessions).toHaveLength(0);
  });
});

describe('e-mail verification', () => {
  it('confirms once with the mailed token; the token is single use', async () => {
    const { email, token } = await register(t.app);
    const [mail] = await mailsFor(email, 1);
    const verifyToken = linkToken(mail, '/verify');
    const ok = await post('/api/auth/verify/confirm', { token: verifyToken });
    expect(ok.json()).toEqual({ message: 'E-Mail erfolgreich bestätigt. Du kannst dich jetzt einloggen.' });
    expect((await me(token)).json().email_verified).toBe(true);
    const again = await post('/api/auth/verify/confirm', { token: verifyToken });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ungültiger oder abgelaufener Token.');
  });

  it('rejects expired and unknown tokens', async () => {
    const { email } = await register(t.app);
    const [mail] = await mailsFor(email, 1);
    await t.c.db.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'verify'");
    expect((await post('/api/auth/verify/confirm', { token: linkToken(mail, '/verify') })).statusCode).toBe(400);
    expect((await post('/api/auth/verify/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(400);
  });

  it('verify/start needs a session, skips a duplicate right after registration and enforces the daily cap', async () => {
    expect((await post('/api/auth/verify/start')).statusCode).toBe(401);
    const { email, token } = await register(t.app);
    const first = await post('/api/auth/verify/start', undefined, bearer(token));
    // The registration mail was sent a moment ago: no second one, and the answer says so.
    expect(first.json()).toEqual({
      outcome: 'recently_sent',
      message:
        'Wir haben dir gerade erst eine E-Mail geschickt. Bitte prüfe deinen Posteingang (auch den Spam-Ordner). Eine neue kannst du in einer Minute anfordern.',
    });
    await mailsFor(email, 1);

    await t.c.settings.update({ VERIFY_RESEND_PER_DAY: '3' });
    await t.c.db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    expect((await post('/api/auth/verify/start', undefined, bearer(token))).json()).toEqual({
      outcome: 'sent',
      message: 'E-Mail gesendet. Bitte prüfe deinen Posteingang.',
    });
    await t.c.db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    expect((await post('/api/auth/verify/start', undefined, bearer(token))).statusCode).toBe(200);
    await t.c.db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    const capped = await post('/api/auth/verify/start', undefined, bearer(token));
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/zu viele Bestätigungs-E-Mails/);
    await mailsFor(email, 3);
    await t.c.settings.update({ VERIFY_RESEND_PER_DAY: '5' });
  });

  it('verify/start refuses an already verified address', async () => {
    const { email, token } = await register(t.app);
    const [mail] = await mailsFor(email, 1);
    await post('/api/auth/verify/confirm', { token: linkToken(mail, '/verify') });
    const res = await post('/api/auth/verify/start', undefined, bearer(token));
    expect(res.statusCode).toBe(409);
  });
});

describe('login and sessions', () => {
  it('logs in case-insensitively and logs out', async () => {
    const { email, password } = await register(t.app);
    const res = await post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect((await me(token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'unauthorized', message: 'Bitte melde dich an.' });
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await register(t.app);
    const wrong = await post('/api/auth/login', { email, password: 'falsch123' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'falsch123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it('answers 403 for an unverified address when verification is required, and lets verified members in', async () => {
    const { email, password } = await register(t.app);
    await t.c.settings.update({ EMAIL_VERIFICATION_REQUIRED: 'true' });
    try {
      const res = await post('/api/auth/login', { email, password });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Deine E-Mail ist noch nicht bestätigt. Bitte prüfe dein Postfach und klicke auf den Bestätigungslink.',
      );
      // A wrong password still gets 401: the 403 must not reveal the account to a guesser.
      expect((await post('/api/auth/login', { email, password: 'falsch123' })).statusCode).toBe(401);
      const [mail] = await mailsFor(email, 1);
      await post('/api/auth/verify/confirm', { token: linkToken(mail, '/verify') });
      expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
    } finally {
      await t.c.settings.update({ EMAIL_VERIFICATION_REQUIRED: 'false' });
    }
  });

  it("tells a suspended member they are suspended ('suspended'), even with an unconfirmed address", async () => {
    const { email, password } = await register(t.app);
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE email = $1', [email]);
    await t.c.settings.update({ EMAIL_VERIFICATION_REQUIRED: 'true' });
    try {
      const res = await post('/api/auth/login', { email, password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'suspended', message: 'Dein Konto ist gesperrt. Bitte wende dich an den Support.' });
      // Only the right password learns it: a guess still gets the 401 everyone gets.
      expect((await post('/api/auth/login', { email, password: 'falsch123' })).json().error).toBe('invalid_credentials');
    } finally {
      await t.c.settings.update({ EMAIL_VERIFICATION_REQUIRED: 'false' });
    }
  });

  it('limits attempts per IP across accounts', async () => {
    const remoteAddress = '10.1.2.3';
    let last = 0;
    for (let i = 0; i < 101; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'falsch123' },
        remoteAddress,
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('rejects malformed, unknown and revoked bearer tokens', async () => {
    for (const authorization of ['Bearer ', 'Bearer x', `Bearer ${'a'.repeat(43)}`, 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('expires idle sessions', async () => {
    const { token } = await register(t.app);
    await t.c.db.query("UPDATE sessions SET last_seen_at = now() - interval '8 days'");
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('always answers the same, mails a one-hour link, sets the password and ends all sessions', async () => {
    const { email, token } = await register(t.app);
    const unknown = await post('/api/auth/password/request', { email: uniqueEmail('nobody') });
    const known = await post('/api/auth/password/request', { email });
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe('Wenn die E-Mail existiert, haben wir dir einen Link zum Zurücksetzen gesendet.');

    const mails = await mailsFor(email, 2);
    const reset = mails.find((m) => m.subject === 'Passwort zurücksetzen');
    const resetToken = linkToken(reset, '/reset');
    const [row] = await t.c.db.query<{ minutes: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM auth_tokens WHERE kind = 'reset'",
    );
    expect(row?.minutes).toBe(60);

    const done = await post('/api/auth/password/confirm', { token: resetToken, newPassword: 'neuesGeheimnis1' });
    expect(done.json()).toEqual({ message: 'Passwort erfolgreich geändert. Bitte melde dich an.' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: 'neuesGeheimnis1' });
    expect(login.statusCode).toBe(200);
    expect((await me(login.json().token)).json().email_verified).toBe(true);

    const reuse = await post('/api/auth/password/confirm', { token: resetToken, newPassword: 'nochmalNeu123' });
    expect(reuse.statusCode).toBe(400);
  });

  it('caps reset mails per day and refuses short passwords', async () => {
    const { email } = await register(t.app);
    await t.c.settings.update({ RESET_REQUEST_PER_DAY: '2' });
    for (let i = 0; i < 4; i++) expect((await post('/api/auth/password/request', { email })).statusCode).toBe(200);
    const resets = (await mailsFor(email, 3)).filter((m) => m.subject === 'Passwort zurücksetzen');
    expect(resets).toHaveLength(2);
    const short = await post('/api/auth/password/confirm', { token: linkToken(resets[0], '/reset'), newPassword: 'kurz' });
    expect(short.statusCode).toBe(400);
    await t.c.settings.update({ RESET_REQUEST_PER_DAY: '5' });
  });
});
