import type { HouseRuleId } from '@funkeln/contracts/decisions';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { useModeration, useReports } from '../api';
import { ActionResult } from './action-result';
import { ReportItem } from './report-item';

/** Members' reports, open ones first as the server sorts them; 'Mitglied sperren' asks once more. */
export function ReportList() {
  const reports = useReports();
  const act = useModeration();
  const [suspending, setSuspending] = useState<{ id: string; name: string; rule: HouseRuleId } | null>(null);
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
      <ConfirmDialog
        open={suspending !== null}
        title={de.admin.suspendTitle}
        text={de.admin.suspendText(suspending?.name ?? '')}
        confirmLabel={de.admin.suspend}
        onCancel={() => setSuspending(null)}
        onConfirm={() => {
          if (suspending) act.mutate({ kind: 'suspend', id: suspending.id, rule: suspending.rule });
          setSuspending(null);
        }}
      />
    </section>
  );
}
