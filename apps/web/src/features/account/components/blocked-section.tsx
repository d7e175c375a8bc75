import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-time';
import { useBlockedMembers, useUnblock } from '../api';

/** Whom the member blocked, with "Blockierung aufheben" for each: a block can be lifted whenever she likes, not only right after it. */
export function BlockedSection() {
  const blocked = useBlockedMembers();
  const unblock = useUnblock();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const lift = (id: string, name: string) =>
    unblock.mutate(id, {
      onSuccess: () => setOutcome({ tone: 'success', text: de.settings.unblocked(name) }),
      onError: (error) => setOutcome({ tone: 'error', text: errorMessage(error, de.settings.unblockFailed) }),
    });
  return (
    <section className="card settings-section" aria-labelledby="settings-blocked" data-testid="blocked-members">
      <h2 id="settings-blocked" className="settings-section__title">
        {de.settings.blockedTitle}
      </h2>
      <p className="muted">{de.settings.blockedLead}</p>
      <QueryState query={blocked} failed={de.settings.blockedLoadFailed}>
        {(members) =>
          members.length === 0 ? (
            <p className="muted">{de.settings.blockedEmpty}</p>
          ) : (
            <ul className="blocked-list">
              {members.map((m) => (
                <li key={m.id} className="blocked-list__item">
                  <span>
                    <strong>{m.name}</strong> <span className="muted">{de.settings.blockedSince(formatDate(m.blockedAt))}</span>
                  </span>
                  <button type="button" className="btn btn--secondary btn--small" disabled={unblock.isPending} onClick={() => lift(m.id, m.name)}>
                    {de.settings.unblock}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
    </section>
  );
}
