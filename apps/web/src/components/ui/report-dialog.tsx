import { type ReportReason, reportReasons } from '@funkeln/contracts/safety';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { sendReport, type ReportTarget } from '../../lib/reports';
import { Notice } from './notice';
import { TextAreaField } from './text-area-field';
import '../../styles/settings.css';

const DETAILS_MAX = 1000;
const REASONS = Object.entries(reportReasons) as [ReportReason, string][];

interface ReportDialogProps {
  target: ReportTarget;
  onClose: () => void;
  /** The server's answer once the report is filed. */
  onSent: (message: string) => void;
}

/** A modal form on the native <dialog>, open while mounted: reason, optional text, 'Mitglied auch blockieren'. */
export function ReportDialog({ target, onClose, onSent }: ReportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [block, setBlock] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A layout effect's cleanup runs while the dialog is still in the document, so close() hands the
  // focus back to the button that opened it (an unmounted open dialog would leave it on <body>).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setPending(true);
    setError(null);
    try {
      onSent((await sendReport(target, reason, details, block)).message);
    } catch (failure) {
      setError(errorMessage(failure, de.report.failed));
      setPending(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog report-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="report-dialog__form" onSubmit={(event) => void submit(event)}>
        <h2 className="confirm-dialog__title" id={titleId}>
          {de.report.title}
        </h2>
        <p className="muted">{de.report.lead}</p>
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            {de.report.reason}
          </label>
          <select id={reasonId} className="field__input" required value={reason} onChange={(e) => setReason(REASONS.find(([key]) => key === e.target.value)?.[0] ?? '')}>
            <option value="" disabled>
              {de.report.choose}
            </option>
            {REASONS.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField label={de.report.details} rows={3} maxLength={DETAILS_MAX} count={details.length} value={details} onChange={(e) => setDetails(e.target.value)} />
        <label className="report-dialog__check">
          <input type="checkbox" checked={block} onChange={(e) => setBlock(e.target.checked)} />
          {de.report.block}
        </label>
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {de.common.cancel}
          </button>
          <button type="submit" className="btn btn--danger" disabled={pending || !reason}>
            {pending ? de.report.sending : de.report.send}
          </button>
        </div>
      </form>
    </dialog>
  );
}
