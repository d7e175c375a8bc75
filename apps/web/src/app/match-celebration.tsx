import type { MatchItem } from '@funkeln/contracts/swipes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../components/ui/avatar';
import { usePublicProfile } from '../features/profiles/api';
import { de } from '../i18n/de';
import { useCurrentUser } from '../lib/current-user';
import { dismissMatch, onMatchAnnounced, trackMatches, useCelebratedMatch } from '../lib/match-celebration';
import { connectSocket } from '../lib/socket';
import { PushPrompt } from './push-prompt';
import * as queryKeys from '../lib/query-keys';
import '../styles/match-dialog.css';

const CONFETTI = Array.from({ length: 14 }, (_, index) => index);

function OwnAvatar({ id, name }: { id: string; name: string }) {
  const profile = usePublicProfile(id);
  const src = profile.data?.profile.thumb_url ?? profile.data?.profile.photo_url;
  return <Avatar name={name} src={src} alt={de.match.ownPhotoAlt} size="lg" className="match-dialog__avatar" />;
}

function Celebration({ match }: { match: MatchItem }) {
  const me = useCurrentUser();
  return (
    <>
      <div className="match-dialog__confetti" aria-hidden="true">
        {CONFETTI.map((index) => (
          <span key={index} className="match-dialog__piece" />
        ))}
      </div>
      <div className="match-dialog__avatars">
        {me ? <OwnAvatar id={me.id} name={me.display_name} /> : null}
        <span className="match-dialog__spark" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            <path d="M12 20s-7-4.1-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5C19 15.9 12 20 12 20z" />
          </svg>
        </span>
        <Avatar
          name={match.name}
          src={match.thumbUrl}
          alt={de.match.photoAlt(match.name)}
          size="lg"
          className="match-dialog__avatar"
        />
      </div>
      <p className="match-dialog__eyebrow">{de.match.eyebrow}</p>
      <h2 className="match-dialog__title text-gradient" id="match-dialog-title">
        {de.match.title}
      </h2>
      <p className="match-dialog__text" id="match-dialog-text" data-testid="match-name">
        {de.match.text(match.name)}
      </p>
      <div className="match-dialog__actions">
        <Link className="btn btn--primary btn--large" to={`/messages/${encodeURIComponent(match.userId)}`} onClick={dismissMatch}>
          {de.match.write}
        </Link>
        <button type="button" className="btn btn--ghost btn--large match-dialog__continue" onClick={dismissMatch}>
          {de.match.continue}
        </button>
      </div>
      <PushPrompt name={match.name} />
    </>
  );
}

/**
 * App-wide 'Es hat gefunkt!' overlay for matches from a like, a flirt back or the socket event.
 * Mounted (and listening to the socket) while a session token is stored.
 */
export function MatchCelebration() {
  const match = useCelebratedMatch();
  const ref = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => trackMatches(connectSocket()), []);

  useEffect(
    () =>
      onMatchAnnounced(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.matches() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.receivedFlirts() });
      }),
    [queryClient],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!match) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    // 'Weiter swipen' takes the focus, so Enter (or Escape) goes straight back to where the member was.
    dialog.querySelector<HTMLElement>('.match-dialog__continue')?.focus();
  }, [match]);

  return (
    <dialog
      ref={ref}
      className="match-dialog"
      aria-labelledby="match-dialog-title"
      aria-describedby="match-dialog-text"
      data-testid="match-celebration"
      onCancel={(event) => {
        event.preventDefault();
        dismissMatch();
      }}
    >
      {match ? <Celebration key={match.userId} match={match} /> : null}
    </dialog>
  );
}
