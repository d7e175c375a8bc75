import { useState } from 'react';
import { de } from '../../../i18n/de';
import { DateShareDialog } from './date-share-dialog';
import '../date-share.css';

/** The conversation header's "Date teilen": opens the dialog (mounted only while open). */
export function DateShareButton({ memberId, memberName }: { memberId: string; memberName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--ghost btn--small conversation__date-share" onClick={() => setOpen(true)}>
        {de.dateShare.action}
      </button>
      {open ? <DateShareDialog memberId={memberId} memberName={memberName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
