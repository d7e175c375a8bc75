import { randomUUID } from 'node:crypto';
import { legalInfo, type LegalInfo } from '@funkeln/contracts/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { FAILED_RETENTION_DAYS, SENT_RETENTION_DAYS } from '../../platform/mail/outbox.repo.js';
import { CLEANUP_INTERVAL_MS, USED_TOKEN_RETENTION_DAYS } from '../admin/index.js';
import { MAIL_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '../auth/index.js';
import { PUSH_FAILED_RETENTION_DAYS, PUSH_SENT_RETENTION_DAYS } from '../push/index.js';
import { EVIDENCE_RETENTION_DAYS, REPORT_RETENTION_DAYS } from '../safety/index.js';
import { ATTEMPT_TTL_SECONDS } from '../verification/index.js';
import { legalFacts } from './legal-facts.js';

const DAY = 86_400;
const HOUR = 3600;

async function legal(t: TestApp): Promise<LegalInfo> {
  const res = await t.app.inject({ method: 'GET', url: '/api/legal' });
  expect(res.statusCode).toBe(200);
  return legalInfo.parse(res.json());
}

describe('GET /api/legal on a development instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers without sign-in: a marked sample operator, no outside recipients', async () => {
    const info = await legal(t);
    expect(info.operator).toMatchObject({ sample: true, name: 'Beispiel Dating GmbH' });
    expect(info.authority.name).toContain('Berlin');
    expect(info.recipients).toEqual({ hosting: null, mail: null, stripe: false, companionModel: null, storage: null, google: false });
  });

  it('marks the AGB a draft outside production, and only there (issue 57)', async () => {
    expect((await legal(t)).termsDraft).toBe(true);
    expect(legalFacts({ ...t.c.config, nodeEnv: 'production' }).termsDraft).toBe(false);
  });

  it("states the code's retention constants (the Datenschutz text is built from these numbers)", async () => {
    expect((await legal(t)).retention).toEqual({
      sessionIdleSeconds: SESSION_IDLE_SECONDS,
      sessionMaxSeconds: SESSION_ABSOLUTE_SECONDS,
      verifyLinkSeconds: MAIL_TOKEN_TTL_SECONDS.verify,
      resetLinkSeconds: MAIL_TOKEN_TTL_SECONDS.reset,
      usedLinkSeconds: USED_TOKEN_RETENTION_DAYS * DAY,
      mailSentSeconds: SENT_RETENTION_DAYS * DAY,
      mailFailedSeconds: FAILED_RETENTION_DAYS * DAY,
      pushSentSeconds: PUSH_SENT_RETENTION_DAYS * DAY,
      pushFailedSeconds: PUSH_FAILED_RETENTION_DAYS * DAY,
      verificationAttemptSeconds: ATTEMPT_TTL_SECONDS,
      reportEvidenceSeconds: EVIDENCE_RETENTION_DAYS * DAY,
      reportSeconds: REPORT_RETENTION_DAYS * DAY,
      logSeconds: 14 * DAY,
      cleanupIntervalSeconds: CLEANUP_INTERVAL_MS / 1000,
    });
  });

  it('keeps to the stated periods: new sessions and mail links expire, the daily cleanup deletes what is past them', async () => {
    const r = (await legal(t)).retention;
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const member = await register(t.app);
    const [user] = await t.c.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [member.email]);
    const memberId = user?.id ?? '';

    const [session] = await t.c.db.query<{ life: number }>('SELECT extract(epoch FROM expires_at - created_at)::int AS life FROM sessions WHERE user_id = $1', [memberId]);
    expect(session?.life).toBeGreaterThanOrEqual(r.sessionMaxSeconds - 5);
    expect(session?.life).toBeLessThanOrEqual(r.sessionMaxSeconds);
    const [link] = await t.c.db.query<{ life: number }>("SELECT extract(epoch FROM expires_at - created_at)::int AS life FROM auth_tokens WHERE user_id = $1 AND kind = 'verify'", [memberId]);
    expect(link?.life).toBeGreaterThanOrEqual(r.verifyLinkSeconds - 5);
    expect(link?.life).toBeLessThanOrEqual(r.verifyLinkSeconds);

    const addSession = async (lastSeen: Date, revoked: Date | null = null) => {
      const id = randomUUID();
      await t.c.db.query('INSERT INTO sessions (id, user_id, token_hash, expires_at, last_seen_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        memberId,
        randomUUID(),
        new Date(Date.now() + DAY * 1000),
        lastSeen,
        revoked,
      ]);
      return id;
    };
    const sessions = {
      idleKept: await addSession(ago(r.sessionIdleSeconds - HOUR)),
      idleGone: await addSession(ago(r.sessionIdleSeconds + HOUR)),
      revokedGone: await addSession(new Date(), new Date()),
    };
    const addToken = async (usedAt: Date) => {
      const id = randomUUID();
      await t.c.db.query("INSERT INTO auth_tokens (id, user_id, kind, token_hash, expires_at, used_at) VALUES ($1, $2, 'reset', $3, now(), $4)", [id, memberId, randomUUID(), usedAt]);
      return id;
    };
    const tokens = { usedKept: await addToken(ago(r.usedLinkSeconds - HOUR)), usedGone: await addToken(ago(r.usedLinkSeconds + HOUR)) };
    const addMail = async (column: 'sent_at' | 'failed_at', at: Date) => {
      const rows = await t.c.db.query<{ id: number }>(
        `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, ${column}) VALUES ('a@example.org', 'Betreff', 'Text', '<p>Text</p>', $1) RETURNING id`,
        [at],
      );
      return rows[0]?.id ?? 0;
    };
    const mails = {
      sentKept: await addMail('sent_at', ago(r.mailSentSeconds - HOUR)),
      sentGone: await addMail('sent_at', ago(r.mailSentSeconds + HOUR)),
      failedKept: await addMail('failed_at', ago(r.mailFailedSeconds - HOUR)),
      failedGone: await addMail('failed_at', ago(r.mailFailedSeconds + HOUR)),
    };

    expect(await t.c.tokenCleanupJob.runIfDue()).toBe(true);

    const left = async (table: string, ids: (string | number)[]) =>
      (await t.c.db.query<{ id: string | number }>(`SELECT id FROM ${table} WHERE id = ANY($1)`, [ids])).map((row) => row.id);
    expect(await left('sessions', Object.values(sessions))).toEqual([sessions.idleKept]);
    expect(await left('auth_tokens', Object.values(tokens))).toEqual([tokens.usedKept]);
    expect((await left('mail_outbox', Object.values(mails))).sort()).toEqual([mails.sentKept, mails.failedKept].sort());
  });
});

describe('GET /api/legal with the operator and outside services configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OPERATOR_NAME: 'Funkeln GmbH',
      OPERATOR_ADDRESS: 'Musterstraße 1, 10115 Berlin, Deutschland',
      OPERATOR_EMAIL: 'kontakt@funkeln.de',
      OPERATOR_STATE: 'BY',
      OPERATOR_VAT_ID: 'DE123456789',
      PRIVACY_EMAIL: 'datenschutz@funkeln.de',
      HOSTING_PROVIDER: 'Beispiel Hosting GmbH, Nürnberg',
      SMTP_URL: 'smtp://mailer:smtp-secret@smtp.mailer.example:587',
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret',
      COMPANION_BASE_URL: 'https://api.model.example/v1',
      COMPANION_API_KEY: 'model-secret',
      COMPANION_PROVIDER: 'Model AG, Zürich (Schweiz)',
      LOG_RETENTION_DAYS: '30',
    });
  });
  afterAll(() => t.close());

  it('names the operator and each configured recipient, never a credential', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal' });
    expect(res.body).not.toMatch(/secret|mailer:/);
    const info = legalInfo.parse(res.json());
    expect(info.operator).toEqual({
      name: 'Funkeln GmbH',
      address: ['Musterstraße 1', '10115 Berlin', 'Deutschland'],
      email: 'kontakt@funkeln.de',
      phone: null,
      representative: null,
      register: null,
      vatId: 'DE123456789',
      sample: false,
    });
    expect(info.privacy).toEqual({ email: 'datenschutz@funkeln.de', dpo: null });
    expect(info.authority).toEqual({ name: 'Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)', url: 'https://www.lda.bayern.de' });
    expect(info.recipients).toEqual({
      hosting: 'Beispiel Hosting GmbH, Nürnberg',
      mail: 'smtp.mailer.example',
      stripe: true,
      companionModel: 'Model AG, Zürich (Schweiz)',
      storage: null,
      google: false,
    });
    expect(info.retention.logSeconds).toBe(30 * DAY);
  });
});
