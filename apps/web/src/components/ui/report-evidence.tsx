import { useId } from 'react';
import { de } from '../../i18n/de';
import { formatShortDateTime } from '../../lib/format-time';
import type { EvidenceItem } from '../../lib/reports';

interface ReportEvidenceProps {
  items: EvidenceItem[];
  attach: boolean;
  onAttach: (attach: boolean) => void;
}

/** The messages a report from a conversation may carry, listed before she decides; nothing goes without the tick. */
export function ReportEvidence({ items, attach, onAttach }: ReportEvidenceProps) {
  const leadId = useId();
  const listId = useId();
  if (items.length === 0) return null;
  return (
    <div className="report-evidence">
      <p className="muted" id={leadId}>
        {de.report.evidenceLead}
      </p>
      <ol className="report-evidence__list" id={listId} aria-label={de.report.evidenceListLabel} data-testid="report-evidence">
        {items.map((m) => (
          <li key={m.id}>
            <strong>{m.mine ? de.report.evidenceMine : de.report.evidenceTheirs}</strong> <time dateTime={m.createdAt}>{formatShortDateTime(m.createdAt)}</time>: {m.body}
          </li>
        ))}
      </ol>
      <label className="report-dialog__check">
        <input type="checkbox" checked={attach} aria-describedby={`${leadId} ${listId}`} onChange={(e) => onAttach(e.target.checked)} />
        {de.report.evidence(items.length)}
      </label>
    </div>
  );
}
