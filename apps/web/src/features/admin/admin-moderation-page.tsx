import { Notice } from '../../components/ui/notice';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api';
import { useAudit, useModeration, usePendingPhotos, useReports } from './api';
import { AdminOnly } from './components/admin-only';

export function AdminModerationPage() {
  return (
    <section className="page admin-page" aria-labelledby="admin-moderation-title">
      <h1 id="admin-moderation-title">{de.admin.moderationTitle}</h1>
      <AdminOnly>
        <Moderation />
      </AdminOnly>
    </section>
  );
}

function Moderation() {
  const pending = usePendingPhotos();
  const reports = useReports();
  const audit = useAudit();
  const act = useModeration();
  return (
    <>
      {act.isError ? <Notice tone="error">{errorMessage(act.error, de.admin.actionFailed)}</Notice> : null}
      <h2>{de.admin.pending}</h2>
      {pending.data?.length === 0 ? <p className="muted">{de.admin.noPending}</p> : null}
      <ul className="admin-list">
        {pending.data?.map((p) => (
          <li key={p.id} className="admin-list__item" data-testid="pending-photo">
            <img src={p.thumbUrl} alt="" width={80} height={80} />
            <span className="small">
              {p.user_id} · {p.moderation_label ?? '–'} · {Object.entries(p.scores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}
            </span>
            <button type="button" className="btn btn--primary" onClick={() => act.mutate({ kind: 'photo', id: p.id, action: 'enable' })}>
              {de.admin.enable}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => act.mutate({ kind: 'photo', id: p.id, action: 'disable' })}>
              {de.admin.disable}
            </button>
          </li>
        ))}
      </ul>
      <h2>{de.admin.reports}</h2>
      {reports.data?.length === 0 ? <p className="muted">{de.admin.noReports}</p> : null}
      <ul className="admin-list">
        {reports.data?.map((r) => (
          <li key={r.id} className="admin-list__item" data-testid="report">
            <span>
              <strong>{r.reason}</strong> · {de.admin.reporter}: {r.reporter}
              {r.reported ? ` · ${de.admin.reported}: ${r.reported.name}` : ''} · {de.admin.status[r.status]}
              {r.details ? <span className="muted small"> · {r.details}</span> : null}
            </span>
            {r.status === 'open' ? (
              <>
                <button type="button" className="btn btn--primary" onClick={() => act.mutate({ kind: 'report', id: r.id, status: 'resolved' })}>
                  {de.admin.resolve}
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => act.mutate({ kind: 'report', id: r.id, status: 'dismissed' })}>
                  {de.admin.dismiss}
                </button>
                {r.reported ? (
                  <button type="button" className="btn btn--ghost" onClick={() => act.mutate({ kind: 'suspend', id: r.reported!.id })}>
                    {de.admin.suspend}
                  </button>
                ) : null}
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>{de.admin.audit}</h2>
      <ul className="admin-audit small">
        {audit.data?.map((a) => (
          <li key={a.id}>
            {new Date(a.created_at).toLocaleString('de-DE')} · {a.admin} · {a.action} {a.target}
          </li>
        ))}
      </ul>
    </>
  );
}
