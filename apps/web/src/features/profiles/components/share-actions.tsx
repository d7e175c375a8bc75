import { useState } from 'react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { sharingOff } from '../../../i18n/de-legal';
import { sharePath, useOwnShareEnabled } from '../api';

interface ShareActionsProps {
  id: string;
  name: string;
  /** The member's own profile: while their sharing is off, say so and point to the settings. */
  own: boolean;
  /** The profile payload's word whether the share page answers: another member's is offered only then. */
  shareable: boolean;
}

type ShareState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; url: string };

async function copy(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Profil teilen' through the Web Share API, else the link goes to the clipboard; plus the share
 * page preview. Offered on another member's profile only while their sharing is on.
 */
export function ShareActions({ id, name, own, shareable }: ShareActionsProps) {
  const [state, setState] = useState<ShareState>({ kind: 'idle' });
  // The own switch as the settings have it now (it may have changed since the profile was loaded).
  const shareEnabled = useOwnShareEnabled(own);
  const off = own && (shareEnabled.data ?? shareable) === false;
  const url = `${window.location.origin}${sharePath(id)}`;

  const share = async () => {
    setState({ kind: 'idle' });
    const data = { title: de.profile.shareTitle(name), text: de.profile.shareText(name), url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The member closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setState((await copy(url)) ? { kind: 'copied' } : { kind: 'failed', url });
  };

  // Another member's page that does not share would be a dead link.
  if (!own && !shareable) return null;
  return (
    <div className="share-actions">
      {off ? (
        <p className="share-actions__off muted" data-testid="share-off">
          {sharingOff.hint} <Link to="/settings">{sharingOff.settingsLink}</Link>
        </p>
      ) : null}
      <div className="share-actions__buttons">
        <button type="button" className="btn btn--primary" onClick={() => void share()} disabled={off}>
          <svg className="btn__icon btn__icon--stroke" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="18" cy="5.5" r="2.5" />
            <circle cx="6" cy="12" r="2.5" />
            <circle cx="18" cy="18.5" r="2.5" />
            <path d="M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1" />
          </svg>
          {de.profile.share}
        </button>
        <a className="btn btn--ghost" href={sharePath(id)} target="_blank" rel="noopener">
          {de.profile.sharePreview}
          <span className="visually-hidden"> {de.profile.newTab}</span>
          <svg className="btn__icon btn__icon--stroke" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </svg>
        </a>
      </div>
      <p
        className={state.kind === 'failed' ? 'share-actions__status share-actions__status--failed' : 'share-actions__status'}
        role="status"
        data-testid="share-status"
      >
        {state.kind === 'copied' ? de.profile.copied : state.kind === 'failed' ? de.profile.copyFailed(state.url) : ''}
      </p>
    </div>
  );
}
