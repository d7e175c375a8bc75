import { de } from '../../../i18n/de';

/** The current balance, big. */
export function BalanceCard({ credits }: { credits: number }) {
  return (
    <section className="card wallet-balance" aria-labelledby="wallet-balance-label">
      <h2 className="wallet-balance__label" id="wallet-balance-label">
        {de.wallet.balanceLabel}
      </h2>
      <p className="wallet-balance__credits" data-testid="credit-balance">
        {de.wallet.credits(credits)}
      </p>
    </section>
  );
}
