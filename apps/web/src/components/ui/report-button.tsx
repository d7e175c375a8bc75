import { useState } from 'react';
import { de } from '../../i18n/de';
import type { EvidenceItem, ReportTarget } from '../../lib/reports';
import { Notice } from './notice';
import { ReportDialog } from './report-dialog';
import '../../styles/settings.css';

/** 'Melden' for a profile, photo or received message (with the messages she may attach); the server's answer shows beside it. */
export function ReportButton({ target, evidence }: { target: ReportTarget; evidence?: EvidenceItem[] }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <div className="report">
      <button type="button" className="link-subtle report__open" onClick={() => setOpen(true)}>
        {de.report.open}
      </button>
      {open ? (
        <ReportDialog
          target={target}
          evidence={evidence}
          onClose={() => setOpen(false)}
          onSent={(message) => {
            setAnswer(message);
            setOpen(false);
          }}
        />
      ) : null}
      {answer ? <Notice tone="success">{answer}</Notice> : null}
    </div>
  );
}
