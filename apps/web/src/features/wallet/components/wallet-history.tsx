import type { HistoryItem } from '@funkeln/contracts/wallet';
import { de } from '../../../i18n/de';
import { formatDateTime, formatShortDateTime } from '../../../lib/format-time';

const amountClass = (amount: number) =>
  amount > 0 ? 'wallet-history__amount wallet-history__amount--in' : 'wallet-history__amount wallet-history__amount--out';

/** Every movement of the balance, newest first: what it was, when, and how many credits in or out. */
export function WalletHistory({ items }: { items: HistoryItem[] }) {
  return (
    <section className="card wallet-section wallet-section--wide" aria-labelledby="wallet-history-title">
      <h2 className="wallet-section__title" id="wallet-history-title">
        {de.wallet.historyTitle}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{de.wallet.historyEmpty}</p>
      ) : (
        <ul className="wallet-history__list">
          {items.map((item) => (
            <li key={item.id} className="wallet-history__item" data-testid="history-item">
              <span className="wallet-history__label">{item.label}</span>
              <time className="wallet-history__time" dateTime={item.at} title={formatDateTime(item.at)}>
                {formatShortDateTime(item.at)}
              </time>
              <span className={amountClass(item.amount)}>{de.wallet.amount(item.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
