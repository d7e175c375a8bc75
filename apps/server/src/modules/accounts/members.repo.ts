import type { Queryable } from '../../db/client.js';

export type ShownMemberRow = { id: string; name: string; read_receipts: boolean };

/** A member others may still see: not suspended. */
export async function findShownMemberRow(q: Queryable, id: string): Promise<ShownMemberRow | undefined> {
  const rows = await q.query<ShownMemberRow>('SELECT id, display_name AS name, read_receipts FROM users WHERE id = $1 AND suspended_at IS NULL', [id]);
  return rows[0];
}

export type MailContactRow = { email: string; name: string; email_on_match: boolean; email_on_message: boolean; email_on_flirt: boolean };

/** Confirmed address, notification mails on, not suspended: the member may be mailed at all. */
export async function findMailContactRow(q: Queryable, id: string): Promise<MailContactRow | undefined> {
  const rows = await q.query<MailContactRow>(
    `SELECT email, display_name AS name, email_on_match, email_on_message, email_on_flirt FROM users
      WHERE id = $1 AND email_verified AND suspended_at IS NULL AND email_notifications`,
    [id],
  );
  return rows[0];
}

export async function memberExists(q: Queryable, id: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE id = $1', [id])).length === 1;
}

export async function isEmailVerified(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query<{ email_verified: boolean }>('SELECT email_verified FROM users WHERE id = $1', [id]);
  return rows[0]?.email_verified === true;
}

export async function findPremiumUntil(q: Queryable, id: string): Promise<Date | null> {
  const rows = await q.query<{ premium_until: Date | null }>('SELECT premium_until FROM users WHERE id = $1', [id]);
  return rows[0]?.premium_until ?? null;
}
