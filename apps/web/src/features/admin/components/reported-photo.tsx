import type { ReportedPhoto as Photo } from '@funkeln/contracts/admin';
import type { HouseRuleId } from '@funkeln/contracts/decisions';
import { de } from '../../../i18n/de';
import type { ModerationAction } from '../api';

interface ReportedPhotoProps {
  photo: Photo;
  owner: string;
  busy: boolean;
  /** The house rule a hide names in the owner's statement of reasons. */
  rule: HouseRuleId;
  onAction: (action: ModerationAction) => void;
}

function stateOf(photo: Photo): string {
  if (photo.disabled) return de.admin.photoHidden;
  return photo.moderation_status === 'approved' ? de.admin.photoShown : de.admin.photoWaiting;
}

/** The photo a report is about, its state, and hiding or showing it right there. */
export function ReportedPhoto({ photo, owner, busy, rule, onAction }: ReportedPhotoProps) {
  const shown = !photo.disabled && photo.moderation_status === 'approved';
  return (
    <div className="admin-reported-photo" data-testid="reported-photo">
      <img className="admin-item__thumb" src={photo.thumbUrl} alt={de.admin.reportedPhotoAlt(owner)} width={96} height={96} loading="lazy" />
      <div className="admin-reported-photo__side">
        <p className="admin-status admin-reported-photo__state">{stateOf(photo)}</p>
        <div className="admin-item__actions">
          {photo.disabled ? null : (
            <button type="button" className="btn btn--danger btn--small" disabled={busy} onClick={() => onAction({ kind: 'photo', id: photo.id, action: 'disable', rule })}>
              {de.admin.hidePhoto}
            </button>
          )}
          {shown ? null : (
            <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={() => onAction({ kind: 'photo', id: photo.id, action: 'enable' })}>
              {de.admin.showPhoto}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
