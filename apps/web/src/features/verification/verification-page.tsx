import { TEAM_REFUSED_TEXT, type VerificationAttempt, type VerificationResult } from '@funkeln/contracts/verification';
import { useState } from 'react';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format-time';
import { startVerification, useSetVerificationConsent, useSubmitRecording, useVerificationStatus } from './api';
import { LivenessCapture } from './components/liveness-capture';
import './verification.css';

const t = de.photoVerification;

/** Photo verification: consent, then a short camera recording into a random pose, then the result (or a retry). */
export function VerificationPage() {
  const status = useVerificationStatus();
  const consent = useSetVerificationConsent();
  const submit = useSubmitRecording();
  const [attempt, setAttempt] = useState<VerificationAttempt | null>(null);
  const [result, setResult] = useState<VerificationResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const begin = async () => {
    setError(null);
    setResult(null);
    try {
      setAttempt(await startVerification());
    } catch (err) {
      setError(errorMessage(err, t.failed));
    }
  };

  const send = (frames: Blob[]) => {
    if (!attempt) return;
    setError(null);
    submit.mutate(
      { attemptId: attempt.attemptId, frames },
      {
        onSuccess: (r) => setResult(r),
        onError: (err) => setError(errorMessage(err, t.failed)),
        onSettled: () => setAttempt(null),
      },
    );
  };

  return (
    <section className="page page--narrow verification-page" aria-labelledby="verification-title">
      <PageHeader titleId="verification-title" title={t.title} lead={t.lead} />
      <p className="muted">{t.privacy}</p>
      <QueryState query={status} failed={t.loadFailed}>
        {(s) => (
          <>
            <section className="card settings-section" aria-labelledby="verification-consent">
              <h2 id="verification-consent" className="settings-section__title">
                {t.consentTitle}
              </h2>
              <p className="muted">{t.consentText}</p>
              {s.consent === 'given' ? (
                <button type="button" className="btn btn--danger" disabled={consent.isPending} onClick={() => consent.mutate(false)}>
                  {t.consentWithdraw}
                </button>
              ) : (
                <button type="button" className="btn btn--primary" disabled={consent.isPending} onClick={() => consent.mutate(true)}>
                  {t.consentGive}
                </button>
              )}
              {consent.isError ? <Notice tone="error">{errorMessage(consent.error, t.failed)}</Notice> : null}
            </section>

            {s.verified ? (
              <p className="verification-page__badge" data-testid="verification-state">
                <strong>✓ {t.verified}</strong> {s.verifiedAt ? t.verifiedSince(formatDateTime(s.verifiedAt)) : null}
              </p>
            ) : null}
            {s.pending ? <Notice tone="info">{t.pending}</Notice> : null}
            {s.teamDecision === 'rejected' && !s.verified && !s.pending && !result ? (
              <Notice tone="error" testId="verification-team-refused">
                {TEAM_REFUSED_TEXT}
              </Notice>
            ) : null}

            {s.consent === 'given' && !s.pending ? (
              <section className="card settings-section">
                <p className="muted">{s.triesLeft > 0 ? t.triesLeft(s.triesLeft) : t.noTries}</p>
                {attempt ? (
                  <LivenessCapture instructionText={attempt.instructionText} busy={submit.isPending} onCapture={send} />
                ) : (
                  <button type="button" className="btn btn--primary" disabled={s.triesLeft === 0} onClick={() => void begin()}>
                    {result && result.outcome === 'refused' ? t.retry : t.start}
                  </button>
                )}
              </section>
            ) : null}
          </>
        )}
      </QueryState>
      {result ? (
        <Notice tone={result.outcome === 'verified' ? 'success' : result.outcome === 'pending' ? 'info' : 'error'} testId="verification-result">
          {result.message}
        </Notice>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </section>
  );
}
