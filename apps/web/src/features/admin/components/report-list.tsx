import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { useModeration, useReports } from '../api';
import { ActionResult } from './action-result';
import { ReportItem } from './report-item';
import { type SuspendTarget, SuspendDialog } from './suspend-dialog';

/** Members' reports, open ones first as the server sorts them; 'Mitglied sperren' asks once more. */
export function ReportList() {
  const reports = useReports();
  const act = useModeration();
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  return (
    <section className="admin-section" aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title">{de.admin.reports}</h2>
      <ActionResult result={act} />
      <QueryState query={reports} failed={de.admin.loadFailed} />
      {reports.data?.length === 0 ? <p className="muted">{de.admin.noReports}</p> : null}
      <ul className="admin-list">
        {reports.data?.map((r) => (
          <ReportItem key={r.id} report={r} busy={act.isPending} onAction={(a) => act.mutate(a)} onSuspend={(member, rule) => setSuspending({ ...member, rule })} />
        ))}
      </ul>
      <SuspendDialog target={suspending} onSuspend={(action) => act.mutate(action)} onClose={() => setSuspending(null)} />
    </section>
  );
}
