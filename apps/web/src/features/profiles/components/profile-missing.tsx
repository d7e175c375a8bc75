import { Link } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';

interface ProfileMissingProps {
  /** A server message for failures other than "unknown or hidden". */
  error?: string;
}

/** Unknown or hidden profile (404), or a failed load: the same calm empty state as the 404 page. */
export function ProfileMissing({ error }: ProfileMissingProps) {
  return (
    <section className="page--narrow coming-soon profile-missing" aria-labelledby="profile-missing-title">
      <div className="coming-soon__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M12 21s-7.5-4.4-7.5-10.2A4.3 4.3 0 0 1 12 8a4.3 4.3 0 0 1 7.5 2.8C19.5 16.6 12 21 12 21z" />
        </svg>
      </div>
      <h1 id="profile-missing-title">{error ? de.profile.loadFailedTitle : de.profile.notFoundTitle}</h1>
      {error ? (
        <Notice tone="error" testId="profile-error">
          {error}
        </Notice>
      ) : (
        <p className="muted" data-testid="profile-error">
          {de.profile.notFound}
        </p>
      )}
      <Link className="btn btn--ghost" to="/discover">
        {de.profile.back}
      </Link>
    </section>
  );
}
