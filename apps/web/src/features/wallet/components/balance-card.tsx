import { de } from '../../../i18n/de';

/** The current balance, big, and how much of it is free (not bought). */
export function BalanceCard({ credits, freeCredits }: { credits: number; freeCredits: number }) {
  return (
    <section className="card wallet-balance" aria-labelledby="wallet-balance-label">
      <h2 className="wallet-balance__label" id="wallet-balance-label">
        {de.wallet.balanceLabel}
      </h2>
      <p className="wallet-balance__credits" data-testid="credit-balance">
        {de.wallet.credits(credits)}
      </p>
      <p className="wallet-balance__split" data-testid="free-credits">
        {de.wallet.freeShare(freeCredits)}
      </p>
    </section>
  );
}
