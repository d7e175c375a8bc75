import { APPLE_UNAVAILABLE } from '@funkeln/contracts/auth';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { googleStartHref, useProviders } from '../api';
import { TermsNote } from './terms-note';
import '../auth.css';

interface OAuthButtonsProps {
  withApple?: boolean;
}

/**
 * Divider plus 'Weiter mit Google' (full browser navigation) where this instance has Google
 * configured, and optionally the Apple teaser (the spec's text); nothing at all when neither shows.
 */
export function OAuthButtons({ withApple = false }: OAuthButtonsProps) {
  const providers = useProviders();
  const [message, setMessage] = useState<string | null>(null);
  const google = providers.data?.google === true;
  if (!google && !withApple) return null;

  return (
    <div className="oauth">
      <div className="divider" role="separator">
        <span>{de.common.or}</span>
      </div>
      <div className="oauth__buttons">
        {google ? (
          <button type="button" className="btn btn--social" onClick={() => window.location.assign(googleStartHref())}>
            <svg className="btn__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
              <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
              <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8z" />
              <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
            </svg>
            {de.oauth.google}
          </button>
        ) : null}
        {withApple ? (
          <button type="button" className="btn btn--social" onClick={() => setMessage(APPLE_UNAVAILABLE)}>
            <svg className="btn__icon btn__icon--mono" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.6-4.2zM13.9 5c.7-.8 1.1-1.9 1-3a4.4 4.4 0 0 0-2.9 1.5 4.1 4.1 0 0 0-1 2.9c1.1.1 2.2-.6 2.9-1.4z" />
            </svg>
            {de.oauth.apple}
          </button>
        ) : null}
      </div>
      {google ? <TermsNote via="google" /> : null}
      {message ? <Notice tone="info">{message}</Notice> : null}
    </div>
  );
}
