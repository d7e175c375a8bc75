import type { ReceivedFlirt } from '@funkeln/contracts/swipes';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { formatDateTime, formatRelative } from '../../../lib/format-time';

interface FlirtCardProps {
  flirt: ReceivedFlirt;
  busy: boolean;
  onFlirtBack: (flirtId: string) => void;
}

/** An anonymous flirt: a picture of its own (nothing of the sender's photo), when it came and 'Zurückflirten'. */
export function FlirtCard({ flirt, busy, onFlirtBack }: FlirtCardProps) {
  const textId = useId();
  return (
    <li className="card member-card flirt-card" data-testid="flirt-item">
      <div className="member-card__person">
        <span className="flirt-card__photo" role="img" aria-label={de.flirts.anonymousPicture}>
          {flirt.blurredThumbUrl ? <img src={flirt.blurredThumbUrl} alt="" loading="lazy" decoding="async" draggable={false} /> : null}
          <span className="flirt-card__mystery" aria-hidden="true">
            ?
          </span>
        </span>
        <span className="member-card__text" id={textId}>
          <span className="member-card__name">{de.flirts.someone}</span>
          <time className="member-card__time" dateTime={flirt.receivedAt} title={formatDateTime(flirt.receivedAt)}>
            {formatRelative(flirt.receivedAt)}
          </time>
        </span>
      </div>
      <div className="member-card__actions">
        <button
          type="button"
          className="btn btn--primary btn--small member-card__main"
          disabled={busy}
          onClick={() => onFlirtBack(flirt.flirtId)}
          aria-describedby={textId}
        >
          {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
          {de.flirts.flirtBack}
        </button>
      </div>
    </li>
  );
}
