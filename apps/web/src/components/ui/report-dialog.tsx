import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { type EvidenceItem, sendReport, type ReportTarget } from '../../lib/reports';
import { Notice } from './notice';
import { ReportEvidence } from './report-evidence';
import { emptyReportFields, ReportFields, readyReport } from './report-fields';
import '../../styles/settings.css';

interface ReportDialogProps {
  target: ReportTarget;
  /** From a conversation: the messages she may attach (listed in the dialog; only sent with her tick). */
  evidence?: EvidenceItem[];
  onClose: () => void;
  /** The server's answer once the report is filed. */
  onSent: (message: string) => void;
}

/** A modal form on the native <dialog>, open while mounted: category, reason, text, statement, messages to attach, 'Mitglied auch blockieren'. */
export function ReportDialog({ target, evidence = [], onClose, onSent }: ReportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [fields, setFields] = useState(emptyReportFields);
  const [attach, setAttach] = useState(false);
  const [block, setBlock] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = readyReport(fields, false);

  // A layout effect's cleanup runs while the dialog is still in the document, so close() hands the
  // focus back to the button that opened it (an unmounted open dialog would leave it on <body>).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setPending(true);
    setError(null);
    try {
      onSent((await sendReport(target, ready, block, attach ? evidence.map((m) => m.id) : [])).message);
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
        <ReportFields value={fields} onChange={setFields} />
        <ReportEvidence items={evidence} attach={attach} onAttach={setAttach} />
        <label className="report-dialog__check">
          <input type="checkbox" checked={block} onChange={(e) => setBlock(e.target.checked)} />
          {de.report.block}
        </label>
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {de.common.cancel}
          </button>
          <button type="submit" className="btn btn--danger" disabled={pending || !ready}>
            {pending ? de.report.sending : de.report.send}
          </button>
        </div>
      </form>
    </dialog>
  );
}
