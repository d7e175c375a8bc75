import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { exchangedMessages } from './reports.repo.js';

export interface EvidenceInput {
  /** Her consent to attach the messages the dialog listed; without it nothing is attached. */
  attachMessages: boolean;
  evidenceIds: string[];
}

/** One attached message as the admin sees it: who wrote it, what and when (no ids). */
export interface EvidenceMessage {
  from: 'reporter' | 'reported';
  body: string;
  sentAt: string;
}

/**
 * The snapshot of the messages she attaches: each must be one she and the reported member exchanged,
 * else the whole report is the unknown message's 404 (another member's conversation looks unknown).
 */
export async function evidenceSnapshot(q: Queryable, reporterId: string | undefined, reportedId: string | null, input: EvidenceInput): Promise<EvidenceMessage[] | null> {
  if (!input.attachMessages || input.evidenceIds.length === 0) return null;
  const ids = [...new Set(input.evidenceIds)];
  const rows = reporterId && reportedId ? await exchangedMessages(q, ids, reporterId, reportedId) : [];
  if (rows.length !== ids.length) throw new AppError('not_found', { params: { of: 'reported' } });
  return rows.map((m) => ({ from: m.sender_id === reporterId ? 'reporter' : 'reported', body: m.body, sentAt: m.created_at.toISOString() }));
}
