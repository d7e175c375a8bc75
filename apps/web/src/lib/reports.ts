import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import type { AnyReason } from '@funkeln/contracts/safety';
import { call } from './api';

/** What a member can report: a profile (the report body's wire key stays `userId`), a photo or a message they received. */
export type ReportTarget = { userId: string } | { messageId: string } | { photoId: string };

/** A message the report dialog lists (and attaches, with her consent). */
export interface EvidenceItem {
  id: string;
  mine: boolean;
  body: string;
  createdAt: string;
}

/** The fields every report and notice has. */
export interface ReportFieldValues {
  reason: AnyReason;
  details: string;
  goodFaith: boolean;
}

/** POST /api/reports; optionally blocks the member at once and attaches the listed messages. */
export function sendReport(target: ReportTarget, fields: ReportFieldValues, block: boolean, evidenceIds: string[] = []) {
  return call(safetyEndpoints.report, { body: { ...target, ...fields, block, attachMessages: evidenceIds.length > 0, evidenceIds } });
}
