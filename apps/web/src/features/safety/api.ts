import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import type { NoticeTarget } from '@funkeln/contracts/safety';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';
import type { ReportFieldValues } from '../../lib/reports';

/** POST /api/notices: anyone; with a session the notice is the member's (the client sends the token when it has one). */
export function sendNotice(target: NoticeTarget, fields: ReportFieldValues, email: string) {
  return call(safetyEndpoints.notice, { body: { target, ...fields, goodFaith: true, ...(email ? { email } : {}) } });
}

export const useMyReports = () => useQuery({ queryKey: queryKeys.myReports(), queryFn: () => call(safetyEndpoints.myReports) });
