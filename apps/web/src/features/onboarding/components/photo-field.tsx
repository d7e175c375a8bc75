import type { OwnPhoto, PhotoStatus } from '@funkeln/contracts/profiles';
import { useId } from 'react';
import { de } from '../../../i18n/de';

export interface PickedPhoto {
  file: File;
  /** An object URL for the preview; revoked by the owner of the state. */
  url: string;
}

interface PhotoFieldProps {
  photo: OwnPhoto | null;
  /** Photos picked and not yet uploaded (several at once): the first is previewed. */
  picked: PickedPhoto[];
  uploading: boolean;
  /** Changing it empties the file input (after an upload or when the pick is discarded). */
  inputKey: number;
  onPick: (files: File[]) => void;
  onDiscard: () => void;
}

const explanations: Record<PhotoStatus, string> = {
  approved: de.photo.approved,
  pending: de.photo.pending,
  rejected: de.photo.rejected,
  disabled: de.photo.disabled,
};

/** 'Profilfoto': the current photo with its moderation state, or the preview of the newly picked ones (several at once). */
export function PhotoField({ photo, picked, uploading, inputKey, onPick, onDiscard }: PhotoFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const first = picked[0];
  const shown = first ? { src: first.url, alt: de.photo.preview } : photo ? { src: photo.thumbUrl, alt: de.photo.current } : null;

  return (
    <div className="photo-field">
      <div className={uploading ? 'photo-frame photo-frame--busy' : 'photo-frame'}>
        {shown ? (
          <img className="photo-frame__img" src={shown.src} alt={shown.alt} />
        ) : (
          <svg className="photo-frame__placeholder" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="9" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </svg>
        )}
        {uploading ? <span className="photo-frame__spinner" aria-hidden="true" /> : null}
      </div>

      <div className="photo-field__body">
        {first ? (
          <p className="photo-field__state" data-testid="photos-picked">
            <span className="photo-status photo-status--new">{de.photo.newBadge}</span>
            <span className="photo-field__text">{picked.length === 1 ? de.photo.newPhoto : de.photo.newPhotos(picked.length)}</span>
            <span className="photo-field__file">{picked.map((p) => p.file.name).join(', ')}</span>
          </p>
        ) : photo ? (
          <p className="photo-field__state">
            <span className="visually-hidden">{de.photo.status} </span>
            <span className={`photo-status photo-status--${photo.status}`} data-testid="photo-status">
              {photo.statusLabel}
            </span>
            <span className="photo-field__text" data-testid="photo-status-text">
              {explanations[photo.status]}
            </span>
          </p>
        ) : (
          <p className="photo-field__text muted">{de.photo.none}</p>
        )}

        <label className="field__label" htmlFor={id}>
          {de.photo.label}
        </label>
        <div className="photo-field__actions">
          <span className="file-pick">
            <input
              key={inputKey}
              id={id}
              className="file-pick__input"
              type="file"
              accept="image/*"
              multiple
              disabled={uploading}
              aria-describedby={hintId}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                if (files.length > 0) onPick(files);
              }}
            />
            <span className="btn btn--secondary btn--small file-pick__button" aria-hidden="true">
              <svg className="btn__icon" viewBox="0 0 24 24" focusable="false">
                <path d="M4 8.5h3l1.6-2.5h6.8L17 8.5h3V19H4z" />
                <circle cx="12" cy="13.2" r="3.3" />
              </svg>
              {photo || first ? de.photo.change : de.photo.pick}
            </span>
          </span>
          {first && !uploading ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={onDiscard}>
              {de.photo.discard}
            </button>
          ) : null}
        </div>
        <p className="field__hint" id={hintId}>
          {de.photo.hint}
        </p>
      </div>
    </div>
  );
}
