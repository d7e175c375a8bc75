import { termsUpdated } from '@funkeln/contracts/terms-text';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useAcceptTerms } from '../api';

/**
 * Once per new AGB version, on the member's next visit: what changed is linked, nothing applies to
 * her until she agrees (AGB section 10); until then she uses Funkeln under the version she accepted.
 */
export function TermsBanner() {
  const user = useCurrentUser();
  const accept = useAcceptTerms();
  if (!user || user.termsCurrent) return null;
  const t = de.terms;
  return (
    <section className="verify-banner terms-banner" data-testid="terms-banner" aria-labelledby="terms-banner-title">
      <div className="verify-banner__inner">
        <p className="verify-banner__text">
          <strong id="terms-banner-title">{t.bannerTitle}</strong> {t.banner(termsUpdated)}
        </p>
        <Link className="btn btn--small btn--on-banner" to="/agb">
          {t.bannerRead}
        </Link>
        <button type="button" className="btn btn--small btn--on-banner" onClick={() => accept.mutate()} disabled={accept.isPending}>
          {accept.isPending ? t.bannerAccepting : t.bannerAccept}
        </button>
        <p className="verify-banner__status verify-banner__status--error" role="status" aria-live="polite">
          {accept.isError ? errorMessage(accept.error, t.bannerFailed) : ''}
        </p>
      </div>
    </section>
  );
}
