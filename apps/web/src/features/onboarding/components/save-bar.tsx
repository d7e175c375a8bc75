import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import type { SavePhase } from '../use-save-profile';

interface SaveBarProps {
  phase: SavePhase;
  saved: boolean;
  error: string | null;
  /** Where 'Profil ansehen' leads, or null while there is nothing to look at yet. */
  profileHref: string | null;
  /** Guided onboarding: one step back, and on to the next without saving this one. */
  onBack?: (() => void) | undefined;
  onSkip?: (() => void) | undefined;
}

const statusText = (phase: SavePhase, saved: boolean) =>
  phase === 'uploading' ? de.onboarding.uploading : phase === 'saving' ? de.onboarding.saving : saved ? de.onboarding.saved : '';

/** Sticks to the bottom of the screen: server errors, progress, 'Profil ansehen' and 'Speichern'. */
export function SaveBar({ phase, saved, error, profileHref, onBack, onSkip }: SaveBarProps) {
  const busy = phase !== 'idle';
  return (
    <div className="save-bar">
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="save-bar__row">
        <p className="save-bar__status" role="status" data-testid="save-status">
          {statusText(phase, saved)}
        </p>
        <div className="save-bar__actions">
          {onBack ? (
            <button type="button" className="btn btn--ghost" onClick={onBack} disabled={busy}>
              {de.onboarding.back}
            </button>
          ) : null}
          {onSkip ? (
            <button type="button" className="btn btn--ghost" onClick={onSkip} disabled={busy}>
              {de.onboarding.skip}
            </button>
          ) : null}
          {profileHref && !onSkip ? (
            <Link className="btn btn--ghost" to={profileHref}>
              {de.onboarding.viewProfile}
            </Link>
          ) : null}
          <button type="submit" className="btn btn--primary save-bar__submit" disabled={busy}>
            {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
            {de.onboarding.save}
          </button>
        </div>
      </div>
    </div>
  );
}
