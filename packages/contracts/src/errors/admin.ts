import { defineErrors } from './define.js';

/** Moderation and the settings admins change. */
export const adminErrors = defineErrors({
  self_suspend: { status: 400, message: 'Du kannst dich nicht selbst sperren.' },
  unknown_setting: { status: 400, message: ({ key }: { key: string }) => `Unbekannte Einstellung: ${key}` },
  invalid_setting: {
    status: 400,
    message: ({ key, issue }: { key: string; issue: string }) => `Ungültiger Wert für ${key}: ${issue}`.trim(),
  },
});

export const adminNotFound = {
  moderated_photo: 'Dieses Foto gibt es nicht.',
  report: 'Diese Meldung gibt es nicht.',
  account: 'Dieses Mitglied gibt es nicht.',
} as const;
