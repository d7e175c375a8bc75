import { de } from '../../../i18n/de';
import { useCurrentUser } from '../../../lib/current-user';

/** What premium adds (distances to nearby singles); not shown to members who already have it. */
export function PremiumHint() {
  const user = useCurrentUser();
  if (!user || user.isPremium) return null;
  return (
    <div className="premium-hint">
      <span className="premium-hint__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M4 17.5 2.5 7.5l5.2 4L12 4.5l4.3 7 5.2-4-1.5 10z" />
          <path d="M4.5 20h15" />
        </svg>
      </span>
      <p className="premium-hint__text" data-testid="premium-hint">
        {de.discover.premiumHint}
      </p>
    </div>
  );
}
