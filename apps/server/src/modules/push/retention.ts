import type { Retention } from '../../platform/outbox/outbox.repo.js';

/** Retention (stated on the Datenschutz page): delivered pushes go after a day, given-up ones after 7. */
export const PUSH_SENT_RETENTION_DAYS = 1;
export const PUSH_FAILED_RETENTION_DAYS = 7;
export const PUSH_RETENTION: Retention = { sentDays: PUSH_SENT_RETENTION_DAYS, failedDays: PUSH_FAILED_RETENTION_DAYS };
