import { endpoint } from './define.js';

const tag = 'devmail';

/** The dev mailbox (outside production without SMTP_URL): every mail the app sent; pages, not part of the API. */
export const devmailEndpoints = {
  mailbox: endpoint({ method: 'GET', path: '/dev/mailbox', auth: 'visitor', errors: [], tag, hidden: true }),
  stylesheet: endpoint({ method: 'GET', path: '/dev/mailbox.css', auth: 'visitor', errors: [], tag, hidden: true }),
  /** The mails as JSON (the end-to-end tests read their links from it). */
  mails: endpoint({ method: 'GET', path: '/dev/mailbox.json', auth: 'visitor', errors: [], tag, hidden: true }),
} as const;
