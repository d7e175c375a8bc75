import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useWallet } from './api';
import { BalanceCard } from './components/balance-card';
import { CreditPacks } from './components/credit-packs';
import { FreeCreditsCard } from './components/free-credits-card';
import { PremiumCard } from './components/premium-card';
import { PurchaseReturnNotice } from './components/purchase-return-notice';
import { RewardButtons } from './components/reward-buttons';
import { WalletHistory } from './components/wallet-history';
import { usePurchaseReturn } from './use-purchase-return';

export function WalletPage() {
  const purchase = usePurchaseReturn();
  const wallet = useWallet(purchase === 'success');
  return (
    <section className="page wallet" aria-labelledby="wallet-title">
      <header className="page-header">
        <h1 id="wallet-title">{de.wallet.title}</h1>
        <p className="page-header__lead muted">{de.wallet.lead}</p>
      </header>
      <PurchaseReturnNotice purchase={purchase} />
      {wallet.isPending ? <Spinner label={de.common.loading} /> : null}
      {wallet.isError ? (
        <div className="load-error">
          <Notice tone="error">{errorMessage(wallet.error, de.wallet.loadFailed)}</Notice>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void wallet.refetch()}>
            {de.common.retry}
          </button>
        </div>
      ) : null}
      {wallet.data ? (
        <div className="wallet__grid">
          <BalanceCard credits={wallet.data.credits} freeCredits={wallet.data.freeCredits} />
          <RewardButtons />
          <FreeCreditsCard freePassLeftToday={wallet.data.freePassLeftToday} />
          <CreditPacks payments={wallet.data.payments} />
          <PremiumCard premiumUntil={wallet.data.premiumUntil} price={wallet.data.premiumPrice} />
          <WalletHistory items={wallet.data.history} />
        </div>
      ) : null}
    </section>
  );
}
