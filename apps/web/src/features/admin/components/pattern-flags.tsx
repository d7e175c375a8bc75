import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { formatShortDateTime } from '../../../lib/format-time';
import { useDismissPatternFlag, useModeration, usePatternFlags } from '../api';
import { type SuspendTarget, SuspendDialog } from './suspend-dialog';

/**
 * "Auffällige Nachrichten": a member who sent the same number, IBAN, link, address or long text to
 * many members within a day. Only the kind and the count: the messages themselves stay private
 * (docs/SAFETY.md); the team dismisses the flag or suspends the member.
 */
export function PatternFlags() {
  const flags = usePatternFlags();
  const dismiss = useDismissPatternFlag();
  const moderation = useModeration();
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  const failure = dismiss.error ?? moderation.error;
  return (
    <section className="admin-section" aria-labelledby="admin-pattern-flags-title">
      <h2 id="admin-pattern-flags-title">{de.admin.patternFlags}</h2>
      <p className="muted">{de.admin.patternFlagsLead}</p>
      {failure ? <Notice tone="error">{errorMessage(failure, de.admin.loadFailed)}</Notice> : null}
      <QueryState query={flags} failed={de.admin.loadFailed} />
      {flags.data?.items.length === 0 ? <p className="muted">{de.admin.noPatternFlags}</p> : null}
      <ul className="admin-list">
        {flags.data?.items.map((f) => (
          <li key={f.id} className="card admin-item" data-testid="pattern-flag">
            <dl className="admin-facts">
              <div>
                <dt>{de.admin.member}</dt>
                <dd>{f.name}</dd>
              </div>
              <div>
                <dt>{de.admin.patternKind}</dt>
                <dd>{de.admin.patternKinds[f.kind]}</dd>
              </div>
              <div>
                <dt>{de.admin.patternRecipients}</dt>
                <dd>{de.admin.patternRecipientsCount(f.recipients)}</dd>
              </div>
              <div>
                <dt>{de.admin.flaggedAt}</dt>
                <dd>
                  <time dateTime={f.updatedAt}>{formatShortDateTime(f.updatedAt)}</time>
                </dd>
              </div>
            </dl>
            <div className="admin-item__actions">
              <button type="button" className="btn btn--ghost btn--small" disabled={dismiss.isPending} onClick={() => dismiss.mutate(f.id)}>
                {de.admin.dismissFlag}
              </button>
              <button type="button" className="btn btn--danger btn--small" disabled={moderation.isPending} onClick={() => setSuspending({ id: f.memberId, name: f.name })}>
                {de.admin.suspendSender}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <SuspendDialog target={suspending} onSuspend={(action) => moderation.mutate(action)} onClose={() => setSuspending(null)} />
    </section>
  );
}
