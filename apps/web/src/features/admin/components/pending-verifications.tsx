import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { formatShortDateTime } from '../../../lib/format-time';
import { useDecideVerification, usePendingVerifications } from '../api';

/** Uncertain photo verifications: the selfie and the main photo side by side, approve or refuse. */
export function PendingVerifications() {
  const pending = usePendingVerifications();
  const decide = useDecideVerification();
  return (
    <section className="admin-section" aria-labelledby="admin-verifications-title">
      <h2 id="admin-verifications-title">{de.admin.verifications}</h2>
      <p className="muted">{de.admin.verificationsLead}</p>
      {decide.isError ? <Notice tone="error">{errorMessage(decide.error, de.admin.loadFailed)}</Notice> : null}
      <QueryState query={pending} failed={de.admin.loadFailed} />
      {pending.data?.items.length === 0 ? <p className="muted">{de.admin.noVerifications}</p> : null}
      <ul className="admin-list">
        {pending.data?.items.map((v) => (
          <li key={v.attemptId} className="card admin-item" data-testid="pending-verification">
            <div className="admin-item__pair">
              <img src={v.selfieUrl} alt={de.admin.selfieAlt(v.displayName)} width={160} height={160} loading="lazy" />
              {v.photoUrl ? <img src={v.photoUrl} alt={de.admin.mainPhotoAlt(v.displayName)} width={160} height={160} loading="lazy" /> : null}
            </div>
            <dl className="admin-facts">
              <div>
                <dt>{de.admin.member}</dt>
                <dd>{v.displayName}</dd>
              </div>
              <div>
                <dt>{de.admin.asked}</dt>
                <dd>{v.instructionText}</dd>
              </div>
              <div>
                <dt>{de.admin.distance}</dt>
                <dd>{v.mainDistance === null ? '–' : v.mainDistance.toFixed(3)}</dd>
              </div>
              <div>
                <dt>{de.admin.uploaded}</dt>
                <dd>
                  <time dateTime={v.checkedAt}>{formatShortDateTime(v.checkedAt)}</time>
                </dd>
              </div>
            </dl>
            <div className="admin-item__actions">
              <button type="button" className="btn btn--primary btn--small" disabled={decide.isPending} onClick={() => decide.mutate({ id: v.attemptId, approve: true })}>
                {de.admin.approveVerification}
              </button>
              <button type="button" className="btn btn--danger btn--small" disabled={decide.isPending} onClick={() => decide.mutate({ id: v.attemptId, approve: false })}>
                {de.admin.refuseVerification}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
