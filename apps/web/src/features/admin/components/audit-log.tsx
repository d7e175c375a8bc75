import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { formatShortDateTime } from '../../../lib/format-time';
import { useAudit } from '../api';

/** The newest admin actions: when, who, what, the member concerned by name, and on which id. */
export function AuditLog() {
  const audit = useAudit();
  return (
    <section className="admin-section" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{de.admin.audit}</h2>
      <QueryState query={audit} failed={de.admin.loadFailed} />
      {audit.data?.length === 0 ? <p className="muted">{de.admin.noAudit}</p> : null}
      {audit.data?.length ? (
        <div className="admin-audit">
          <table className="admin-audit__table" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">{de.admin.auditColumns.time}</th>
                <th scope="col">{de.admin.auditColumns.admin}</th>
                <th scope="col">{de.admin.auditColumns.action}</th>
                <th scope="col">{de.admin.auditColumns.member}</th>
                <th scope="col">{de.admin.auditColumns.target}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((a) => (
                <tr key={a.id}>
                  <td>
                    <time dateTime={a.created_at}>{formatShortDateTime(a.created_at)}</time>
                  </td>
                  <td>{a.admin}</td>
                  <td>{a.action}</td>
                  <td>{a.member ?? '–'}</td>
                  <td className="admin-facts__id">{a.target || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
