import { z } from 'zod';
import { parseTermLines, TERM_TEXT_MAX } from './message-terms.js';

/** How the admin settings page edits a setting: a switch, a number field with its bounds, or a choice. */
export type SettingInput =
  | { kind: 'switch' }
  | { kind: 'number'; min: number; max: number; step: number }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'lines'; maxLength: number };

const bool = {
  schema: z.enum(['true', 'false']).transform((v) => v === 'true'),
  input: { kind: 'switch' },
} as const;

const int = (min: number, max: number) => ({
  schema: z
    .string()
    .regex(/^-?\d+$/, 'Ganze Zahl erwartet.')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max)),
  input: { kind: 'number', min, max, step: 1 } as const,
});

/** `step` is the number field's increment; the schema takes up to 4 decimals (a 5,000-digit value was stored verbatim: red team, session 60). */
const decimal = (min: number, max: number, step = 0.01) => ({
  schema: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,4})?$/, 'Zahl mit höchstens 4 Nachkommastellen erwartet, z. B. 0.5.')
    .transform(Number)
    .pipe(z.number().min(min).max(max)),
  input: { kind: 'number', min, max, step } as const,
});

/** The classifier's word list (contracts/message-terms.ts): kept as the admin wrote it, refused whole with the first bad line named. */
const termLines = {
  schema: z.string().superRefine((text, ctx) => {
    const parsed = parseTermLines(text);
    if ('issue' in parsed) ctx.addIssue({ code: 'custom', message: parsed.issue });
  }),
  input: { kind: 'lines', maxLength: TERM_TEXT_MAX } as const,
};

const choice = <const T extends readonly [string, ...string[]]>(options: T) => ({ schema: z.enum(options), input: { kind: 'choice', options } as const });

/**
 * Every admin-tunable setting: stored as a string (spec 3), parsed by its schema when read.
 * Later features add their keys here; defaults live beside the schema.
 */
export const settingDefinitions = {
  DEBUG: { ...bool, default: 'false' },
  EMAIL_VERIFICATION_REQUIRED: { ...bool, default: 'false' },
  CREDIT_COST_PER_MESSAGE_MALE: { ...int(0, 1000), default: '5' },
  WOMAN_DAILY_REPLY_LIMIT: { ...int(0, 10000), default: '20' },
  VERIFY_RESEND_PER_DAY: { ...int(1, 100), default: '5' },
  RESET_REQUEST_PER_DAY: { ...int(1, 100), default: '5' },
  /**
   * Photo moderation: Porn + Hentai at or above this is rejected outright. The model gives ordinary
   * close-up portraits up to ~0.94 (bench/moderation), so only a near-certain score is refused unseen.
   */
  MODERATION_REJECT_THRESHOLD: { ...decimal(0, 1), default: '0.95' },
  /** Porn + Hentai at or above this (and below reject) waits for a human; 0.3 held a third of ordinary portraits, 0.7 holds ~4 % (docs/decisions/0078). */
  MODERATION_REVIEW_THRESHOLD: { ...decimal(0, 1), default: '0.7' },
  /** Credits for the rewards (spec /wallet): daily login, first approved photo, a vote received today. */
  REWARD_LOGIN_CREDITS: { ...int(0, 1000), default: '10' },
  REWARD_UPLOAD_PHOTO_CREDITS: { ...int(0, 1000), default: '25' },
  REWARD_GET_VOTE_CREDITS: { ...int(0, 1000), default: '5' },
  /**
   * Credits a member gets once, when the address is first confirmed (link, reset link or Google):
   * enough for a first conversation after the first match (6 messages at 5 credits). 0 gives none.
   */
  WELCOME_CREDITS: { ...int(0, 1000), default: '30' },
  /** 30 days of premium cost this many credits. */
  PREMIUM_PRICE_CREDITS: { ...int(1, 100000), default: '300' },
  /**
   * Which message rule applies to members of gender `diverse` (docs/MESSAGING.md): `limit` = the
   * daily limit like women, `pay` = the per-message cost like men, `free` = neither.
   */
  DIVERSE_MESSAGE_RULE: { ...choice(['limit', 'pay', 'free']), default: 'limit' },
  /** Credits per Digital Friend message for members without premium. */
  COMPANION_CREDIT_COST: { ...int(0, 1000), default: '2' },
  /** Free (not bought) credits a member may pass on per day as prepaid replies (docs/CREDITS.md). */
  PREPAID_FREE_CREDITS_PER_DAY: { ...int(0, 100000), default: '20' },
  /** Notification mails (match, message, flirt) a member gets at most per day (Europe/Berlin); 0 sends none. */
  NOTIFICATION_MAILS_PER_DAY: { ...int(0, 1000), default: '10' },
  /**
   * Photo verification: a selfie's face matches a photo's face when their descriptor distance is below
   * this. face-api suggests 0.6; its own sample photos hold two different women at 0.49, so the default is stricter.
   */
  FACE_MATCH_THRESHOLD: { ...decimal(0, 2), default: '0.45' },
  /** Distances up to this much above FACE_MATCH_THRESHOLD are neither verified nor refused but wait for an admin. */
  FACE_MATCH_UNCERTAIN_BAND: { ...decimal(0, 1), default: '0.1' },
  /**
   * Words and phrases added to the message classifier's built-in list, one a line ("beleidigung: …",
   * "drohung: …", "sexuell: …", or "erlaubt: …" for a word that never counts; docs/SAFETY.md).
   */
  MESSAGE_NUDGE_TERMS: { ...termLines, default: '' },
  /** One member sending the same phone number, IBAN, link, address or long text to this many members within a day is shown to the team. */
  SCAM_PATTERN_RECIPIENTS: { ...int(2, 1000), default: '5' },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingDefinitions)[K]['schema']>;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

/** Own keys only: `constructor` or `toString` are on every object but are no setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefinitions, key);
}

/** The field the admin page shows for a key; undefined for a key this version does not know (a text field then). */
export function settingInput(key: string): SettingInput | undefined {
  return isSettingKey(key) ? settingDefinitions[key].input : undefined;
}

/**
 * Rules between settings, checked on the values a change leaves in force: rejecting without a human
 * only above the score that sends a photo to one (with reject at or below review, the band between
 * was rejected outright: red team, session 60).
 */
export const settingRules: readonly { key: SettingKey; issue: string; holds: (value: <K extends SettingKey>(key: K) => SettingValue<K>) => boolean }[] = [
  {
    key: 'MODERATION_REJECT_THRESHOLD',
    issue: 'Die Schwelle zum Ablehnen muss über der Schwelle zur Prüfung liegen.',
    holds: (value) => value('MODERATION_REJECT_THRESHOLD') > value('MODERATION_REVIEW_THRESHOLD'),
  },
];

/** Key/value strings as the admin API exchanges them. */
export const settingsRecord = z.record(z.string(), z.string());
export type SettingsRecord = z.infer<typeof settingsRecord>;
