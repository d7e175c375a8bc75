import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api';
import { useConsent, useSetConsent } from '../api';

export function ConsentSection() {
  const consent = useConsent();
  const set = useSetConsent();
  const state = consent.data?.orientation ?? 'unknown';
  return (
    <section className="settings-section" aria-labelledby="settings-consent">
      <h2 id="settings-consent">{de.settings.consentTitle}</h2>
      <p className="muted small">{de.settings.consentText}</p>
      <p data-testid="consent-state">{de.settings.consentState[state]}</p>
      {state === 'given' ? (
        <button type="button" className="btn btn--ghost" onClick={() => set.mutate(false)}>
          {de.settings.consentWithdraw}
        </button>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => set.mutate(true)}>
          {de.settings.consentGive}
        </button>
      )}
      {set.isError ? <Notice tone="error">{errorMessage(set.error, de.settings.saveFailed)}</Notice> : null}
    </section>
  );
}
