import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import * as repo from './admin.repo.js';

interface AuditRow {
  action: string;
  target: string;
  details: Record<string, unknown>;
}

const uuidSchema = z.uuid();
const uuid = (value: unknown): string | undefined => uuidSchema.safeParse(value).data;

/**
 * The display name of the member each audit entry concerns (the photo's owner, the verification's member,
 * the suspended member, the report's reported member), null where there is none or the account is deleted.
 */
export async function auditMemberNames(q: Queryable, rows: readonly AuditRow[]): Promise<(string | null)[]> {
  const reportIds = rows.flatMap((r) => (r.action.startsWith('report.') ? (uuid(r.target) ?? []) : []));
  const reported = await repo.reportedMembers(q, reportIds);
  const members = rows.map((r) => uuid(r.details.owner) ?? uuid(r.details.member) ?? (r.action.startsWith('user.') ? uuid(r.target) : reported.get(r.target)));
  const names = await repo.displayNames(q, [...new Set(members.filter((id) => id !== undefined))]);
  return members.map((id) => (id ? (names.get(id) ?? null) : null));
}
