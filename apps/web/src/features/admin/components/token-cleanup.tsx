import type { CleanupResponse } from '@funkeln/contracts/admin';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { useCleanup } from '../api';

const COUNTS: readonly (keyof CleanupResponse)[] = ['expiredVerifyDeleted', 'expiredResetDeleted', 'usedVerifyPruned', 'usedResetPruned'];

/** Spec 8: a failure reads 'Fehler:' followed by the status and the message. */
function failureText(error: unknown): string {
  return error instanceof ApiError ? de.admin.failure(error.status, error.serverMessage ?? error.message) : de.admin.failure(0, de.admin.actionFailed);
}

export function TokenCleanup() {
  const cleanup = useCleanup();
  return (
    <section className="card admin-card" aria-labelledby="admin-cleanup-title">
      <h2 id="admin-cleanup-title" className="admin-card__title">
        {de.admin.cleanupTitle}
      </h2>
      <p className="muted">{de.admin.cleanupText}</p>
      <div className="admin-card__actions">
        <button type="button" className="btn btn--secondary" onClick={() => cleanup.mutate()} disabled={cleanup.isPending}>
          {cleanup.isPending ? de.admin.cleaning : de.admin.cleanup}
        </button>
      </div>
      {cleanup.data ? (
        <dl className="admin-counts" data-testid="cleanup-result">
          {COUNTS.map((key) => (
            <div key={key} className="admin-counts__item">
              <dt>{de.admin.cleanupCounts[key]}</dt>
              <dd>{cleanup.data[key]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {cleanup.isError ? <Notice tone="error">{failureText(cleanup.error)}</Notice> : null}
    </section>
  );
}
