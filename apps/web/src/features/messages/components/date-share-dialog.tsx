import { DATE_SHARE_MAX_DAYS_AHEAD, dateToBerlinLocal, type CreateDateShareResponse } from '@funkeln/contracts/date-shares';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useCreateDateShare } from '../date-shares-api';
import { DateShareLink } from './date-share-link';
import { DateShareList } from './date-share-list';
import '../../../styles/settings.css';

const t = de.dateShare;
const NOTE_MAX = 500;
const DAY = 24 * 3_600_000;

interface DateShareDialogProps {
  memberId: string;
  memberName: string;
  onClose: () => void;
}

/** "Date teilen": who (the conversation's member), where, when, a note; then the link, and her active links. */
export function DateShareDialog({ memberId, memberName, onClose }: DateShareDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [place, setPlace] = useState('');
  const [address, setAddress] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [note, setNote] = useState('');
  const [withPhoto, setWithPhoto] = useState(false);
  const [created, setCreated] = useState<CreateDateShareResponse | null>(null);
  const create = useCreateDateShare(memberId);
  const [bounds] = useState(() => ({ min: dateToBerlinLocal(new Date()), max: dateToBerlinLocal(new Date(Date.now() + DATE_SHARE_MAX_DAYS_AHEAD * DAY)) }));

  // As the report dialog: the layout effect's cleanup closes it while it is still in the document (focus goes back).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ place, address, startsAt, note, withPhoto }, { onSuccess: setCreated });
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog report-dialog date-share"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="report-dialog__form">
        <h2 className="confirm-dialog__title" id={titleId}>
          {t.title}
        </h2>
        {created ? (
          <DateShareLink url={created.url} partnerName={memberName} />
        ) : (
          <form className="report-dialog__form" onSubmit={submit}>
            <p className="muted">{t.lead(memberName)}</p>
            <TextField label={t.place} required maxLength={120} placeholder={t.placePlaceholder} value={place} onChange={(e) => setPlace(e.target.value)} />
            <TextField label={t.address} maxLength={200} value={address} onChange={(e) => setAddress(e.target.value)} />
            <TextField label={t.when} type="datetime-local" required min={bounds.min} max={bounds.max} value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
            <TextAreaField label={t.note} rows={2} maxLength={NOTE_MAX} count={note.length} placeholder={t.notePlaceholder} value={note} onChange={(e) => setNote(e.target.value)} />
            <label className="report-dialog__check">
              <input type="checkbox" checked={withPhoto} onChange={(e) => setWithPhoto(e.target.checked)} />
              {t.withPhoto(memberName)}
            </label>
            {create.isError ? <Notice tone="error">{errorMessage(create.error, t.failed)}</Notice> : null}
            <div className="confirm-dialog__actions">
              <button type="button" className="btn btn--ghost" onClick={onClose}>
                {de.common.cancel}
              </button>
              <button type="submit" className="btn btn--primary" disabled={create.isPending}>
                {create.isPending ? t.creating : t.create}
              </button>
            </div>
          </form>
        )}
        <DateShareList />
        {created ? (
          <div className="confirm-dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t.close}
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
