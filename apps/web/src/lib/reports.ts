import { reportResponse, type ReportReason } from '@funkeln/contracts/safety';
import { api } from './api';

/** What a member can report: a profile, a photo or a message they received. */
export type ReportTarget = { userId: string } | { messageId: string } | { photoId: string };

/** POST /api/reports; optionally blocks the member at once. */
export function sendReport(target: ReportTarget, reason: ReportReason, details: string, block: boolean) {
  return api.post('/reports', reportResponse, { ...target, reason, details, block });
}
