import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-time';
import { useConsent, useSetConsent } from '../api';

/** Art. 9 DSGVO: the state of the consent, with a way to give or withdraw it. */
export function ConsentSection() {
  const consent = useConsent();
  const set = useSetConsent();
  return (
    <section className="card settings-section" aria-labelledby="settings-consent">
      <h2 id="settings-consent" className="settings-section__title">
        {de.settings.consentTitle}
      </h2>
      <p className="muted">{de.settings.consentText}</p>
      <p className="muted">{de.settings.consentWithdrawHint}</p>
      <QueryState query={consent} failed={de.settings.loadFailed}>
        {({ orientation: state, history }) => {
          const last = history.at(-1);
          return (
            <>
              <p data-testid="consent-state">
                <strong>{de.settings.consentState[state]}</strong>
                {last ? ` ${de.settings.consentSince(formatDateTime(last.at))}` : null}
              </p>
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
            </>
          );
        }}
      </QueryState>
      {set.isError ? <Notice tone="error">{errorMessage(set.error, de.settings.saveFailed)}</Notice> : null}
    </section>
  );
}
