import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-time';
import { useConsent, useSetConsent } from '../api';

/** Art. 9 DSGVO: the state of the consent, with a way to give or withdraw it. */
export function ConsentSection() {
  const consent = useConsent();
  const set = useSetConsent();
  const state = consent.data?.orientation;
  const last = consent.data?.history.at(-1);
  return (
    <section className="card settings-section" aria-labelledby="settings-consent">
      <h2 id="settings-consent" className="settings-section__title">
        {de.settings.consentTitle}
      </h2>
      <p className="muted">{de.settings.consentText}</p>
      <p className="muted">{de.settings.consentWithdrawHint}</p>
      {consent.isError ? <Notice tone="error">{errorMessage(consent.error, de.settings.loadFailed)}</Notice> : null}
      {state ? (
        <p data-testid="consent-state">
          <strong>{de.settings.consentState[state]}</strong>
          {last ? ` ${de.settings.consentSince(formatDateTime(last.at))}` : null}
        </p>
      ) : null}
      {state ? (
        <div className="settings-actions">
          {state === 'given' ? (
            <button type="button" className="btn btn--danger" disabled={set.isPending} onClick={() => set.mutate(false)}>
              {de.settings.consentWithdraw}
            </button>
          ) : (
            <button type="button" className="btn btn--primary" disabled={set.isPending} onClick={() => set.mutate(true)}>
              {de.settings.consentGive}
            </button>
          )}
        </div>
      ) : null}
      {set.isError ? <Notice tone="error">{errorMessage(set.error, de.settings.saveFailed)}</Notice> : null}
    </section>
  );
}
