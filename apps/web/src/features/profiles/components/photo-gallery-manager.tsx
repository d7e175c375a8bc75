import { type GalleryPhoto, MAX_PHOTOS } from '@funkeln/contracts/profiles';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useAddPhoto, useDeletePhoto, useGallery, useReorderPhotos } from '../api';

/** Arrow keys on a focused tile: up/left moves it forward, down/right backward. */
const STEPS: Partial<Record<string, -1 | 1>> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** On the own profile: up to 6 photos, added, deleted (confirmed inline) and reordered by drag or keyboard. */
export function PhotoGalleryManager() {
  const gallery = useGallery();
  const add = useAddPhoto();
  const remove = useDeletePhoto();
  const reorder = useReorderPhotos();
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const tiles = useRef(new Map<string, HTMLLIElement>());
  const inputId = useId();

  const photos = gallery.data?.photos ?? [];
  const max = gallery.data?.max ?? MAX_PHOTOS;

  // A moved tile keeps the keyboard focus (React re-inserts the node, which drops it).
  useEffect(() => {
    if (focusId) tiles.current.get(focusId)?.focus();
  }, [focusId, gallery.data]);

  useEffect(() => {
    if (!preview) return undefined;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const ids = photos.map((p) => p.id);
    const [id] = ids.splice(from, 1);
    if (!id) return;
    ids.splice(to, 0, id);
    add.reset();
    remove.reset();
    reorder.mutate(ids);
    setFocusId(id);
    setAnnouncement(de.gallery.moved(from + 1, to + 1, photos.length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    move(index, index + step);
  };

  const upload = (file: File) => {
    reorder.reset();
    remove.reset();
    setPreview(URL.createObjectURL(file));
    add.mutate(file, {
      onSuccess: ({ photo }) => setAnnouncement(photo.status === 'pending' ? de.gallery.addedPending : de.gallery.added),
      onSettled: () => {
        setPreview(null);
        setInputKey((k) => k + 1);
      },
    });
  };

  const confirmDelete = (photo: GalleryPhoto) => {
    add.reset();
    reorder.reset();
    remove.mutate(photo.id, {
      onSuccess: () => {
        setConfirming(null);
        setAnnouncement(de.gallery.deleted);
      },
    });
  };

  const failure = add.error ?? remove.error ?? reorder.error;

  return (
    <section className="profile-section gallery-manager" aria-labelledby="gallery-title">
      <h2 className="profile-section__title" id="gallery-title">
        {de.gallery.title}
      </h2>
      <p className="muted small">{de.gallery.hint(max)}</p>
      <p className="visually-hidden" aria-live="polite" data-testid="gallery-announcement">
        {announcement}
      </p>
      {gallery.isError ? <Notice tone="error">{errorMessage(gallery.error, de.gallery.loadFailed)}</Notice> : null}
      {gallery.isSuccess && photos.length === 0 && !preview ? <p className="muted">{de.gallery.empty}</p> : null}
      <ol className="gallery-manager__grid" aria-label={de.gallery.count(photos.length, max)}>
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            ref={(node) => {
              if (node) tiles.current.set(photo.id, node);
              else tiles.current.delete(photo.id);
            }}
            className={`gallery-tile${dragging === photo.id ? ' gallery-tile--dragging' : ''}`}
            tabIndex={0}
            draggable
            aria-label={[de.gallery.photo(index + 1, photos.length), photo.statusLabel, photo.main ? de.gallery.main : ''].filter(Boolean).join(', ')}
            data-testid="gallery-tile"
            onKeyDown={(event) => onKeyDown(event, index)}
            onDragStart={(event) => {
              setDragging(photo.id);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', photo.id);
            }}
            onDragOver={(event) => {
              if (dragging) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              const from = photos.findIndex((p) => p.id === dragging);
              if (from >= 0) move(from, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <img className="gallery-tile__img" src={photo.thumbUrl} alt="" draggable={false} />
            <span className="gallery-tile__badges">
              {photo.main ? <span className="gallery-badge gallery-badge--main">{de.gallery.main}</span> : null}
              {photo.status === 'approved' ? null : (
                <span className={`gallery-badge gallery-badge--${photo.status}`} data-testid="gallery-status">
                  {photo.statusLabel}
                </span>
              )}
            </span>
            {confirming === photo.id ? (
              <div className="gallery-tile__confirm" role="group" aria-label={de.gallery.confirmDelete}>
                <p>{de.gallery.confirmDelete}</p>
                <button type="button" className="btn btn--danger btn--small" disabled={remove.isPending} onClick={() => confirmDelete(photo)}>
                  {de.gallery.confirmYes}
                </button>
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(null)}>
                  {de.gallery.confirmNo}
                </button>
              </div>
            ) : (
              <div className="gallery-tile__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={de.gallery.forwardLabel(index + 1)}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, index - 1)}
                >
                  {de.gallery.forward}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={de.gallery.backLabel(index + 1)}
                  disabled={index === photos.length - 1 || reorder.isPending}
                  onClick={() => move(index, index + 1)}
                >
                  {de.gallery.back}
                </button>
                <button type="button" className="btn btn--ghost btn--small" aria-label={de.gallery.deleteLabel(index + 1)} onClick={() => setConfirming(photo.id)}>
                  {de.gallery.delete}
                </button>
              </div>
            )}
          </li>
        ))}
        {preview ? (
          <li className="gallery-tile gallery-tile--uploading" aria-busy="true">
            <img className="gallery-tile__img" src={preview} alt="" />
            <span className="gallery-tile__badges">
              <span className="gallery-badge gallery-badge--pending">{de.gallery.adding}</span>
            </span>
          </li>
        ) : null}
      </ol>
      {photos.some((p) => p.status === 'pending') ? (
        <p className="muted small" data-testid="gallery-review-note">
          {de.gallery.reviewing}
        </p>
      ) : null}
      {photos.length < max && gallery.isSuccess ? (
        <span className="file-pick">
          <input
            key={inputKey}
            id={inputId}
            className="file-pick__input"
            type="file"
            accept="image/*"
            disabled={add.isPending}
            aria-label={de.gallery.add}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload(file);
            }}
          />
          <span className="btn btn--secondary btn--small file-pick__button" aria-hidden="true">
            {add.isPending ? de.gallery.adding : de.gallery.add}
          </span>
        </span>
      ) : null}
      {photos.length >= max ? <p className="muted small">{de.gallery.full(max)}</p> : null}
      {failure ? <Notice tone="error">{errorMessage(failure, de.gallery.failed)}</Notice> : null}
    </section>
  );
}
