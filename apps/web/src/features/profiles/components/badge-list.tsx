import type { Badge } from '@funkeln/contracts/profiles';
import { de } from '../../../i18n/de';

/** Badges as chips; the description shows as tooltip and is read out as the chip's description. */
export function BadgeList({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby="profile-badges">
      <h2 className="profile-section__title" id="profile-badges">
        {de.profile.badges}
      </h2>
      <ul className="badge-list">
        {badges.map((badge) => (
          <li key={badge.id} className="badge-chip" title={badge.description} data-testid="badge">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 3l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.3 6.8 19.1l1-5.8L3.5 9.2l5.9-.8z" />
            </svg>
            <span>{badge.name}</span>
            <span className="visually-hidden">: {badge.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
