import { DATE_SHARE_MAX_DAYS_AHEAD, MAX_ACTIVE_DATE_SHARES } from '../date-shares.js';
import { defineErrors } from './define.js';

/** "Date teilen": a plan shared with a friend. An unknown conversation is messages' not_found `conversation`. */
export const dateSharesErrors = defineErrors({
  date_share_time: {
    status: 422,
    message: `Das Date muss in der Zukunft liegen, höchstens ${DATE_SHARE_MAX_DAYS_AHEAD} Tage von heute.`,
  },
  too_many_date_shares: {
    status: 409,
    message: `Du hast schon ${MAX_ACTIVE_DATE_SHARES} geteilte Dates. Lösche einen alten Link, dann kannst du einen neuen erstellen.`,
  },
});

export const dateSharesNotFound = { date_share: 'Diesen geteilten Link gibt es nicht (mehr).' } as const;

export const dateSharesLimits = { date_share: 'Du hast in der letzten Stunde viele Dates geteilt. Bitte warte ein wenig.' } as const;
