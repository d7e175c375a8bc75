import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useWallet } from './api';
import { BalanceCard } from './components/balance-card';
import { CreditPacks } from './components/credit-packs';
import { FreeCreditsCard } from './components/free-credits-card';
import { PremiumCard } from './components/premium-card';
import { PurchaseReturnNotice } from './components/purchase-return-notice';
import { RewardButtons } from './components/reward-buttons';
import { WalletHistory } from './components/wallet-history';
import { usePurchaseReturn } from './use-purchase-return';
import './wallet.css';

export function WalletPage() {
  const purchase = usePurchaseReturn();
  const wallet = useWallet(purchase === 'success');
  return (
    <section className="page wallet" aria-labelledby="wallet-title">
      <PageHeader titleId="wallet-title" title={de.wallet.title} lead={de.wallet.lead} />
      <PurchaseReturnNotice purchase={purchase} />
      <QueryState query={wallet} failed={de.wallet.loadFailed}>
        {(data) => (
          <div className="wallet__grid">
            <BalanceCard credits={data.credits} freeCredits={data.freeCredits} />
            <RewardButtons rewards={data.rewards} />
            <FreeCreditsCard freePassLeftToday={data.freePassLeftToday} />
            <CreditPacks payments={data.payments} />
            <PremiumCard premiumUntil={data.premiumUntil} credits={data.credits} price={data.premiumPrice} />
            <WalletHistory items={data.history} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
