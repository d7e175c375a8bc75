import { z } from 'zod';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'Ganze Zahl erwartet.')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/**
 * Every admin-tunable setting: stored as a string (spec 3), parsed by its schema when read.
 * Later features add their keys here; defaults live beside the schema.
 */
export const settingDefinitions = {
  DEBUG: { schema: bool, default: 'false' },
  EMAIL_VERIFICATION_REQUIRED: { schema: bool, default: 'false' },
  CREDIT_COST_PER_MESSAGE_MALE: { schema: int(0, 1000), default: '5' },
  WOMAN_DAILY_REPLY_LIMIT: { schema: int(0, 10000), default: '20' },
  VERIFY_RESEND_PER_DAY: { schema: int(1, 100), default: '5' },
  RESET_REQUEST_PER_DAY: { schema: int(1, 100), default: '5' },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingDefinitions)[K]['schema']>;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

/** Key/value strings as the admin API exchanges them. */
export const settingsRecord = z.record(z.string(), z.string());
export type SettingsRecord = z.infer<typeof settingsRecord>;
