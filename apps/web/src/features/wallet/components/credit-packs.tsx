import { creditPacks, type CreditPack, type WalletResponse } from '@funkeln/contracts/wallet';
import { useId, useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useBuyPack } from '../api';
import type { Outcome } from '../outcome';
import { PackCard } from './pack-card';
import { PurchaseDialog } from './purchase-dialog';

interface CreditPacksProps {
  payments: WalletResponse['payments'];
}

/** The packs' section, where Premium's dialog leads a member short of credits. */
export const CREDIT_PACKS_ID = 'credit-packs';

/** 'Credits kaufen': the order dialog first; test mode books at once (and says so), Stripe goes to Checkout, 'none' explains why not. */
export function CreditPacks({ payments }: CreditPacksProps) {
  const buy = useBuyPack();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [ordering, setOrdering] = useState<CreditPack | null>(null);
  const offId = useId();

  const run = (pack: CreditPack) => {
    setOrdering(null);
    setOutcome(null);
    buy.mutate(pack.id, {
      onSuccess: (result) => {
        if (result.mode === 'stripe') {
          setLeaving(true);
          window.location.assign(result.checkoutUrl);
        } else setOutcome({ tone: 'success', text: de.wallet.bought(result.added, result.credits) });
      },
      onError: (error) => setOutcome({ tone: 'error', text: errorMessage(error, de.wallet.buyFailed) }),
    });
  };

  return (
    <section className="card wallet-section wallet-section--wide" id={CREDIT_PACKS_ID} tabIndex={-1} aria-labelledby="wallet-buy-title">
      <h2 className="wallet-section__title" id="wallet-buy-title">
        {de.wallet.buyTitle}
      </h2>
      {payments === 'test' ? (
        <p className="notice notice--info" data-testid="payments-test-mode">
          {de.wallet.testMode}
        </p>
      ) : null}
      {payments === 'none' ? (
        <p className="notice notice--warning" id={offId} data-testid="payments-off">
          {de.wallet.paymentsOff}
        </p>
      ) : null}
      <ul className="pack-list">
        {creditPacks.map((pack) => (
          <PackCard
            key={pack.id}
            pack={pack}
            disabled={payments === 'none' || buy.isPending || leaving}
            busy={(buy.isPending || leaving) && buy.variables === pack.id}
            describedBy={payments === 'none' ? offId : undefined}
            onBuy={setOrdering}
          />
        ))}
      </ul>
      {outcome ? (
        <Notice tone={outcome.tone} testId="purchase-result">
          {outcome.text}
        </Notice>
      ) : null}
      <PurchaseDialog pack={ordering} onBuy={run} onCancel={() => setOrdering(null)} />
    </section>
  );
}
