import { formatDateTimeBerlin } from '@funkeln/contracts/date-shares';
import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { dateSharesQuery, useDeleteDateShare } from '../date-shares-api';

const t = de.dateShare;

/** The member's active shared plans, each with "Link löschen". */
export function DateShareList() {
  const shares = useQuery(dateSharesQuery);
  const remove = useDeleteDateShare();
  return (
    <section className="date-share__list" aria-label={t.listTitle}>
      <h3>{t.listTitle}</h3>
      <QueryState query={shares} failed={t.listLoadFailed} />
      {remove.isError ? <Notice tone="error">{errorMessage(remove.error, t.deleteFailed)}</Notice> : null}
      {shares.data?.shares.length === 0 ? <p className="muted">{t.listEmpty}</p> : null}
      <ul>
        {shares.data?.shares.map((s) => (
          <li key={s.id} data-testid="date-share">
            <span>
              <strong>{s.partnerName}</strong> · {s.place} · {formatDateTimeBerlin(s.startsAt)}
            </span>
            <button type="button" className="btn btn--ghost btn--small" disabled={remove.isPending} onClick={() => remove.mutate(s.id)}>
              {t.delete}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
