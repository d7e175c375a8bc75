import { sha256 } from './crypto.js';

/**
 * One key per mailbox, however the address is spelled: the SHA-256 of the address lower-cased, with
 * its sub-address (`name+tag@`) and, at Gmail, its dots dropped. The welcome credits (once per
 * address) and the notice receipts (a few a day per address) count under it.
 */
export function mailboxKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const name = local.split('+')[0] ?? '';
  return sha256(`${gmail ? name.replaceAll('.', '') : name}@${gmail ? 'gmail.com' : domain}`);
}
