import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import type { ReportReason } from '@funkeln/contracts/safety';
import { call } from './api';

/** What a member can report: a profile (the report body's wire key stays `userId`), a photo or a message they received. */
export type ReportTarget = { userId: string } | { messageId: string } | { photoId: string };

/** POST /api/reports; optionally blocks the member at once. */
export function sendReport(target: ReportTarget, reason: ReportReason, details: string, block: boolean) {
  return call(safetyEndpoints.report, { body: { ...target, reason, details, block } });
}
