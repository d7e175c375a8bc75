import { euroRangeOf, formatEuro } from '@funkeln/contracts/wallet';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-time';
import { useBuyPremium } from '../api';
import type { Outcome } from '../outcome';
import { CREDIT_PACKS_ID } from './credit-packs';

interface PremiumCardProps {
  premiumUntil: string | null;
  /** The member's balance: with too few, the dialog says so up front and leads to the packs. */
  credits: number;
  /** Credits for 30 days (PREMIUM_PRICE_CREDITS): stated before the purchase, as price law asks. */
  price: number;
}

/** '30 Tage Premium für N Credits', paid with credits after a confirmation naming the price; buying again extends the time. */
export function PremiumCard({ premiumUntil, credits, price }: PremiumCardProps) {
  const buy = useBuyPremium();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const short = Math.max(0, price - credits);
  const euro = euroRangeOf(price);
  const toPacksNext = useRef(false);
  const toPacks = () => {
    toPacksNext.current = true;
    setAsking(false);
  };
  // After the dialog has closed (its own effect runs first and gives the focus back to the button):
  // the focus moves to the packs, which scrolls them into view and tells a screen reader where it is.
  useEffect(() => {
    if (asking || !toPacksNext.current) return;
    toPacksNext.current = false;
    document.getElementById(CREDIT_PACKS_ID)?.focus();
  }, [asking]);

  const confirm = () => {
    setAsking(false);
    setOutcome(null);
    buy.mutate(undefined, {
      onSuccess: (result) => setOutcome({ tone: 'success', text: de.wallet.premiumBought(formatDate(result.premiumUntil)) }),
      onError: (error) => setOutcome({ tone: 'error', text: errorMessage(error, de.wallet.premiumFailed) }),
    });
  };

  return (
    <section className="card wallet-section wallet-section--wide premium-card" aria-labelledby="wallet-premium-title">
      <h2 className="wallet-section__title" id="wallet-premium-title">
        {de.wallet.premiumTitle}
      </h2>
      <p className="premium-card__offer" data-testid="premium-price">
        {de.wallet.premiumOffer(price)}
      </p>
      <p className="muted premium-card__euro" data-testid="premium-euro">
        {de.wallet.premiumEuro(formatEuro(euro.fromCents), formatEuro(euro.toCents))}
      </p>
      <p className="muted wallet-section__lead">{de.wallet.premiumText}</p>
      {premiumUntil ? (
        <p className="premium-card__active" data-testid="premium-until">
          {de.wallet.premiumActive(formatDate(premiumUntil))}
        </p>
      ) : null}
      <button type="button" className="btn btn--primary" disabled={buy.isPending} onClick={() => setAsking(true)}>
        {de.wallet.premiumBuy}
      </button>
      {outcome ? (
        <Notice tone={outcome.tone} testId="premium-result">
          {outcome.text}
        </Notice>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={de.wallet.premiumConfirmTitle}
        text={short > 0 ? de.wallet.premiumShort(price, credits, short) : de.wallet.premiumConfirmText(price)}
        confirmLabel={short > 0 ? de.wallet.premiumToPacks : de.wallet.premiumConfirmBuy(price)}
        onConfirm={short > 0 ? toPacks : confirm}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
