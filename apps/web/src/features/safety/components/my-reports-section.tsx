import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/format-time';
import { useMyReports } from '../api';

/** Einstellungen › Meine Meldungen: each report with its status and, once decided, the decision and the team's note. */
export function MyReportsSection() {
  const reports = useMyReports();
  return (
    <section className="card settings-section" id="meine-meldungen" aria-labelledby="settings-my-reports" data-testid="my-reports">
      <h2 id="settings-my-reports" className="settings-section__title">
        {de.myReports.title}
      </h2>
      <p className="muted">{de.myReports.lead}</p>
      <QueryState query={reports} failed={de.myReports.loadFailed}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{de.myReports.empty}</p>
          ) : (
            <ul className="my-reports">
              {list.map((r) => (
                <li key={r.id} data-testid="my-report">
                  <strong>{de.myReports.status[r.status]}</strong>
                  <span className="muted"> · {de.myReports.reportedOn(de.myReports.what[r.what], formatDate(r.createdAt))} · {r.reason}</span>
                  {r.outcome ? <p>{r.outcome}</p> : null}
                  {r.note ? (
                    <p>
                      {de.myReports.note} {r.note}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
