import { randomUUID } from 'node:crypto';
import type { MeResponse } from '@funkeln/contracts/auth';
import { errorMessage } from '@funkeln/contracts/errors';
import { TERMS_VERSION, WITHDRAWAL_CONSENT, WITHDRAWAL_CONSENT_MISSING } from '@funkeln/contracts/terms';
import { HOUSE_RULES } from '@funkeln/contracts/terms-text';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { bearer, register } from '../../../test/harness.js';
import { OPERATOR_ENV } from '../../../test/operator-env.js';

// Issue 57 item 1: the AGB version accepted at sign-up, a new version accepted once, and the
// § 356 (5) BGB consent recorded with each purchase and repeated in the order confirmation.
const t = useTestApp({ smtp: true, env: { ...OPERATOR_ENV } });

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...headers } });
const idOf = async (email: string) => (await t.c.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
const acceptances = (id: string) => t.c.db.query<{ version: string; source: string }>('SELECT version, source FROM terms_acceptances WHERE user_id = $1 ORDER BY accepted_at', [id]);
const me = async (token: string) => (await api('GET', '/api/me', token)).json<MeResponse>();

/** A member whose acceptance is of an older version (as every member is after TERMS_VERSION changes). */
async function memberOnOldTerms() {
  const m = await register(t.app);
  const id = await idOf(m.email);
  // Before her first authenticated request, so no cached session holds the version read at sign-up.
  await t.c.db.query("UPDATE users SET terms_version = '2020-01-01' WHERE id = $1", [id]);
  await t.c.db.query("UPDATE terms_acceptances SET version = '2020-01-01' WHERE user_id = $1", [id]);
  return { ...m, id };
}

describe('the AGB version', () => {
  it('is recorded at registration: the version in force, from the form', async () => {
    const m = await register(t.app);
    expect(await acceptances(await idOf(m.email))).toEqual([{ version: TERMS_VERSION, source: 'register' }]);
    expect((await me(m.token)).termsCurrent).toBe(true);
  });

  it('after a change, asks once: the stale version is refused (409), the current one recorded; parallel agreements record one', async () => {
    const m = await memberOnOldTerms();
    expect((await me(m.token)).termsCurrent).toBe(false);

    const stale = await api('POST', '/api/me/terms', m.token, { version: '2020-01-01' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'terms_outdated', message: errorMessage('terms_outdated') });
    expect((await me(m.token)).termsCurrent).toBe(false);

    const results = await Promise.all(Array.from({ length: 8 }, () => api('POST', '/api/me/terms', m.token, { version: TERMS_VERSION })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await me(m.token)).termsCurrent).toBe(true);
    expect(await acceptances(m.id)).toEqual([
      { version: '2020-01-01', source: 'register' },
      { version: TERMS_VERSION, source: 'update' },
    ]);
  });

  it('refuses odd versions with a German 4xx and needs a member', async () => {
    const m = await memberOnOldTerms();
    for (const version of ['\u0000', 'x'.repeat(21), 42, null]) {
      const res = await api('POST', '/api/me/terms', m.token, { version });
      expect(res.statusCode, JSON.stringify(version)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<{ message: string }>().message).toMatch(/AGB|Fassung|ungültig|Ungültig/);
    }
    expect((await api('POST', '/api/me/terms', undefined, { version: TERMS_VERSION })).statusCode).toBe(401);
    expect(await acceptances(m.id)).toEqual([{ version: '2020-01-01', source: 'register' }]);
  });
});

describe('a purchase', () => {
  it('without the withdrawal consent is refused in German and nothing is written', async () => {
    const m = await register(t.app);
    for (const body of [{ packId: 'starter' }, { packId: 'starter', withdrawalConsent: false }, { packId: 'starter', withdrawalConsent: 'true' }]) {
      const res = await api('POST', '/api/wallet/purchases', m.token, body, { 'idempotency-key': randomUUID() });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(WITHDRAWAL_CONSENT_MISSING);
    }
    const id = await idOf(m.email);
    expect(await t.c.db.query('SELECT id FROM purchases WHERE user_id = $1', [id])).toEqual([]);
    expect(await t.c.ledger.balance(t.c.db, id)).toBe(0);
  });

  it('records the consent and the AGB version, and mails one confirmation with the consent, the AGB, the Widerrufsbelehrung and the form, however often it is replayed', async () => {
    const m = await register(t.app, undefined, undefined, 'Berta');
    const key = { 'idempotency-key': randomUUID() };
    const results = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/api/wallet/purchases', m.token, { packId: 'beliebt', withdrawalConsent: true }, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const id = await idOf(m.email);
    const rows = await t.c.db.query<{ id: string; withdrawal_consent_at: Date | null; terms_version: string }>('SELECT id, withdrawal_consent_at, terms_version FROM purchases WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.withdrawal_consent_at).not.toBeNull();
    expect(rows[0]!.terms_version).toBe(TERMS_VERSION);

    await t.c.mailSender.drain();
    const mails = t.smtp.mailsTo(m.email).filter((x) => x.subject.startsWith('Deine Bestellbestätigung'));
    expect(mails.map((x) => x.subject)).toEqual(['Deine Bestellbestätigung: Beliebt (120 Credits)']);
    const mail = mails[0]!;
    for (const part of [mail.text, mail.html.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))]) {
      for (const phrase of [
        'Hallo Berta,',
        `Bestellnummer: ${rows[0]!.id}`,
        'Preis: 9,99 EUR (inkl. MwSt.)',
        'Anbieter: Funkeln Test GmbH, Teststraße 1, 10115 Berlin, kontakt@funkeln.test',
        WITHDRAWAL_CONSENT,
        'dein Widerrufsrecht für diesen Kauf ist damit erloschen',
        'Widerrufsrecht',
        'Muster-Widerrufsformular',
        'Unzutreffendes streichen',
        HOUSE_RULES[0],
        'Beliebt: 120 Credits für 9,99 EUR',
        '/agb',
      ]) {
        expect(part, phrase).toContain(phrase);
      }
    }
  });
});
