import { reportResponse, type ReportReason } from '@funkeln/contracts/safety';
import { api } from './api';

/** POST /api/reports: one photo, profile or message; optionally block the member at once. */
export function sendReport(target: { userId: string } | { messageId: string } | { photoId: string }, reason: ReportReason, details: string, block: boolean) {
  return api.post('/reports', reportResponse, { ...target, reason, details, block });
}
