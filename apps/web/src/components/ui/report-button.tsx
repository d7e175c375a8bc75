import { reportReasons, type ReportReason } from '@funkeln/contracts/safety';
import { useState, type FormEvent } from 'react';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api';
import { sendReport } from '../../lib/reports';
import { Notice } from './notice';

type Target = { userId: string } | { messageId: string } | { photoId: string };

/** 'Melden': a fixed reason, optional text, and the offer to block the member as well. */
export function ReportButton({ target }: { target: Target }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('fake_profile');
  const [details, setDetails] = useState('');
  const [block, setBlock] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendReport(target, reason, details, block).then(
      (r) => {
        setResult({ tone: 'success', text: r.message });
        setOpen(false);
      },
      (error: unknown) => setResult({ tone: 'error', text: errorMessage(error, de.report.failed) }),
    );
  };
  return (
    <div className="report">
      {open ? (
        <form className="report__form" onSubmit={submit} aria-label={de.report.title}>
          <label className="field">
            <span>{de.report.reason}</span>
            <select value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
              {Object.entries(reportReasons).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{de.report.details}</span>
            <textarea value={details} maxLength={1000} rows={2} onChange={(e) => setDetails(e.target.value)} />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={block} onChange={(e) => setBlock(e.target.checked)} />
            <span>{de.report.block}</span>
          </label>
          <button type="submit" className="btn btn--primary btn--small">
            {de.report.send}
          </button>
        </form>
      ) : (
        <button type="button" className="link-subtle" onClick={() => setOpen(true)}>
          {de.report.open}
        </button>
      )}
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
    </div>
  );
}
