import { de } from '../../../i18n/de';

/** 'Vorbezahlte Antwort: N Credits' while a message still holds credits for its first reply. */
export function PrepaidBadge({ credits }: { credits: number }) {
  if (credits <= 0) return null;
  return (
    <span className="prepaid-badge" data-testid="prepaid-badge">
      {de.messages.prepaidBadge(credits)}
    </span>
  );
}
