import type { Queryable } from '../../db/client.js';
import { insertAudit } from './admin.repo.js';

/**
 * Writes one audit log line inside the caller's transaction: the port the composition root passes to
 * modules that admin itself uses (decisions: statements of reasons and objections, with or without an admin).
 */
export function recordAudit(q: Queryable, line: { adminId: string | null; adminEmail: string; action: string; target: string; details: object }): Promise<void> {
  return insertAudit(q, line);
}
