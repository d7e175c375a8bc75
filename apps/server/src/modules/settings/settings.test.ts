import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('settings store', () => {
  it('has the documented defaults, typed', async () => {
    expect(await t.c.settings.getAll()).toEqual({
      DEBUG: 'false',
      EMAIL_VERIFICATION_REQUIRED: 'false',
      CREDIT_COST_PER_MESSAGE_MALE: '5',
      WOMAN_DAILY_REPLY_LIMIT: '20',
      VERIFY_RESEND_PER_DAY: '5',
      RESET_REQUEST_PER_DAY: '5',
      MODERATION_REJECT_THRESHOLD: '0.95',
      MODERATION_REVIEW_THRESHOLD: '0.7',
      REWARD_LOGIN_CREDITS: '10',
      REWARD_UPLOAD_PHOTO_CREDITS: '25',
      REWARD_GET_VOTE_CREDITS: '5',
      WELCOME_CREDITS: '30',
      PREMIUM_PRICE_CREDITS: '300',
      DIVERSE_MESSAGE_RULE: 'limit',
      COMPANION_CREDIT_COST: '2',
      PREPAID_FREE_CREDITS_PER_DAY: '20',
      NOTIFICATION_MAILS_PER_DAY: '10',
      FACE_MATCH_THRESHOLD: '0.45',
      FACE_MATCH_UNCERTAIN_BAND: '0.1',
      MESSAGE_NUDGE_TERMS: '',
      SCAM_PATTERN_RECIPIENTS: '5',
    });
    expect(await t.c.settings.get('DIVERSE_MESSAGE_RULE')).toBe('limit');
    expect(await t.c.settings.get('EMAIL_VERIFICATION_REQUIRED')).toBe(false);
    expect(await t.c.settings.get('CREDIT_COST_PER_MESSAGE_MALE')).toBe(5);
  });

  it('reads the cached copy, and a save applies to the next read at once, also inside a transaction', async () => {
    expect(await t.c.settings.get('PREMIUM_PRICE_CREDITS')).toBe(300);
    await t.c.db.query("INSERT INTO settings (key, value) VALUES ('PREMIUM_PRICE_CREDITS', '1') ON CONFLICT (key) DO UPDATE SET value = '1'");
    // Written around the service: not seen within the minute where caches are exact (else read through).
    const exact = !t.c.config.databaseUrl || t.c.events.clustered;
    expect(await t.c.settings.get('PREMIUM_PRICE_CREDITS')).toBe(exact ? 300 : 1);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '250' });
    expect(await t.c.db.transaction((tx) => t.c.settings.get('PREMIUM_PRICE_CREDITS', tx))).toBe(250);
    expect(await t.c.settings.get('PREMIUM_PRICE_CREDITS')).toBe(250);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
  });

  it('saves valid values and refuses a bad one by name without saving anything', async () => {
    await t.c.settings.update({ DEBUG: 'true', WOMAN_DAILY_REPLY_LIMIT: '7' });
    expect(await t.c.settings.get('DEBUG')).toBe(true);
    expect(await t.c.settings.get('WOMAN_DAILY_REPLY_LIMIT')).toBe(7);

    const bads: Record<string, string>[] = [{ VERIFY_RESEND_PER_DAY: '0' }, { DEBUG: 'ja' }, { CREDIT_COST_PER_MESSAGE_MALE: '1.5' }, { NOPE: '1' }];
    for (const bad of bads) {
      const err = await t.c.settings.update({ WOMAN_DAILY_REPLY_LIMIT: '9', ...bad }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(400);
      expect((err as AppError).message).toContain(Object.keys(bad)[0]);
    }
    expect(await t.c.settings.get('WOMAN_DAILY_REPLY_LIMIT')).toBe(7);
  });

  it('refuses a reject threshold at or below the review threshold, and overlong numbers (red team, session 60)', async () => {
    const refused = async (values: Record<string, string>) => {
      const err = await t.c.settings.update(values).catch((e: unknown) => e);
      expect(err, JSON.stringify(values)).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(400);
      return (err as AppError).message;
    };
    expect(await refused({ MODERATION_REVIEW_THRESHOLD: '0.9', MODERATION_REJECT_THRESHOLD: '0.8' })).toContain('Die Schwelle zum Ablehnen muss über der Schwelle zur Prüfung liegen.');
    // Against the value in force: review above the stored reject, reject down to the stored review.
    await refused({ MODERATION_REVIEW_THRESHOLD: '0.96' });
    await refused({ MODERATION_REJECT_THRESHOLD: '0.7' });
    await refused({ MODERATION_REJECT_THRESHOLD: `0.${'1'.repeat(5000)}` });
    await refused({ MODERATION_REJECT_THRESHOLD: '0.99999999999999999999' });
    expect(await t.c.settings.get('MODERATION_REJECT_THRESHOLD')).toBe(0.95);
    expect(await t.c.settings.get('MODERATION_REVIEW_THRESHOLD')).toBe(0.7);
    // Both in one change, consistent: saved.
    await t.c.settings.update({ MODERATION_REVIEW_THRESHOLD: '0.5', MODERATION_REJECT_THRESHOLD: '0.6' });
    expect(await t.c.settings.get('MODERATION_REJECT_THRESHOLD')).toBe(0.6);
    await t.c.settings.update({ MODERATION_REVIEW_THRESHOLD: '0.7', MODERATION_REJECT_THRESHOLD: '0.95' });
  });
});
