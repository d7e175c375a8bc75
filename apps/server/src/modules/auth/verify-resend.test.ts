import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register, uniqueEmail } from '../../../test/harness.js';
import { createMemoryRateLimiter } from '../../platform/rate-limit/rate-limit.js';

// Issue 20: a resend within a minute says honestly that a mail was just sent or asked for, instead
// of claiming a new one; signed out, the answer still depends on the address only, never on an account.
let now = Date.parse('2026-05-01T10:00:00Z');
const t = useTestApp({ smtp: true, overrides: { limiter: createMemoryRateLimiter(() => now) } });

const SENT = 'Falls ein Account existiert und noch nicht bestätigt ist, haben wir den Link erneut gesendet. Bitte prüfe dein Postfach.';
const RECENT = 'Für diese Adresse wurde gerade erst ein Link angefordert. Bitte prüfe dein Postfach (auch den Spam-Ordner) und versuche es in einer Minute erneut.';

const resend = async (email: string) => (await t.app.inject({ method: 'POST', url: '/api/auth/verify/resend', payload: { email } })).json<unknown>();

async function mailsFor(email: string) {
  await t.c.mailRequests.drain();
  await t.c.mailSender.drain();
  return t.smtp.mailsTo(email).length;
}

describe('POST /api/auth/verify/resend', () => {
  it('answers a second request for the same address within a minute as recently sent, known or unknown alike', async () => {
    const { email } = await register(t.app);
    await t.c.db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    const unknown = uniqueEmail('nobody');
    expect(await resend(email)).toEqual({ outcome: 'sent', message: SENT });
    expect(await resend(unknown)).toEqual({ outcome: 'sent', message: SENT });
    expect(await resend(email)).toEqual({ outcome: 'recently_sent', message: RECENT });
    expect(await resend(unknown)).toEqual({ outcome: 'recently_sent', message: RECENT });
    expect(await mailsFor(email)).toBe(2); // the registration's and the first resend's

    now += 61_000;
    await t.c.db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    expect(await resend(email)).toEqual({ outcome: 'sent', message: SENT });
    expect(await resend(email)).toEqual({ outcome: 'recently_sent', message: RECENT });
    expect(await mailsFor(email)).toBe(3);
  });
});
