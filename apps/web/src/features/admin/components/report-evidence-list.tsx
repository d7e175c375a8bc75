import type { AdminReport } from '@funkeln/contracts/admin';
import { de } from '../../../i18n/de';
import { formatShortDateTime } from '../../../lib/format-time';

/** The messages the reporter attached with her consent, oldest first (admins only, with this report only). */
export function ReportEvidenceList({ evidence }: { evidence: NonNullable<AdminReport['evidence']> }) {
  return (
    <div className="admin-facts__wide">
      <h3 className="admin-evidence__title">{de.admin.evidence}</h3>
      <ol className="report-evidence__list" data-testid="admin-evidence">
        {evidence.map((m) => (
          <li key={`${m.sentAt}-${m.from}-${m.body}`}>
            <strong>{de.admin.evidenceFrom[m.from]}</strong> <time dateTime={m.sentAt}>{formatShortDateTime(m.sentAt)}</time>: {m.body}
          </li>
        ))}
      </ol>
    </div>
  );
}
