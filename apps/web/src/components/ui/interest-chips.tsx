import { interestLabel } from '@funkeln/contracts/profile-details';
import { de } from '../../i18n/de';
import '../../styles/interests.css';

interface InterestChipsProps {
  /** Interest ids; ids the catalogue does not know (a newer server) are left out. */
  interests: readonly string[];
  /** How many of the first ids the viewer shares (the feed card puts them first). */
  shared?: number;
  /** White chips over a photo (the feed card). */
  onPhoto?: boolean;
}

/** A member's interests as chips; shared ones are highlighted and say so to screen readers. */
export function InterestChips({ interests, shared = 0, onPhoto = false }: InterestChipsProps) {
  const shown = interests.map((id, i) => ({ id, label: interestLabel(id), shared: i < shared })).filter((c) => c.label !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className={onPhoto ? 'interest-chips interest-chips--on-photo' : 'interest-chips'} aria-label={de.details.interestsLabel}>
      {shown.map((c) => (
        <li key={c.id} className={c.shared ? 'interest-chip interest-chip--shared' : 'interest-chip'} data-shared={c.shared || undefined}>
          {c.label}
          {c.shared ? <span className="visually-hidden"> ({de.details.sharedMark})</span> : null}
        </li>
      ))}
    </ul>
  );
}
