import { WITHDRAWAL_CONSENT } from '@funkeln/contracts/terms';
import { type CreditPack, formatEuro } from '@funkeln/contracts/wallet';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { de } from '../../../i18n/de';

interface PurchaseDialogProps {
  /** The pack she chose; null: closed. */
  pack: CreditPack | null;
  onBuy: (pack: CreditPack) => void;
  onCancel: () => void;
}

/**
 * The order step before a pack is bought: price, the express consent to immediate performance and
 * its consequence for the right of withdrawal (§ 356 (5) BGB; unticked, nothing is bought), the AGB
 * and the Widerrufsbelehrung one click away, and a button that says it costs money (§ 312j (3) BGB).
 */
export function PurchaseDialog({ pack, onBuy, onCancel }: PurchaseDialogProps) {
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const close = () => {
    setConsent(false);
    onCancel();
  };
  const w = de.wallet;
  return (
    <ConfirmDialog
      open={pack !== null}
      title={pack ? w.orderTitle(pack.name) : ''}
      text={pack ? w.orderText(pack.credits, formatEuro(pack.priceCents)) : ''}
      confirmLabel={w.orderConfirm}
      confirmTone="primary"
      confirmDisabled={!consent}
      onConfirm={() => {
        if (!pack || !consent) return;
        setConsent(false);
        onBuy(pack);
      }}
      onCancel={close}
    >
      <div className="order-consent">
        <input id={consentId} type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} data-testid="withdrawal-consent" />
        <label htmlFor={consentId}>{WITHDRAWAL_CONSENT}</label>
      </div>
      <p className="order-consent__links muted">
        {w.orderTermsBefore}
        <Link to="/agb" target="_blank" rel="noopener">
          {w.orderTerms}
        </Link>
        {w.orderTermsAnd}
        <Link to="/agb#widerruf" target="_blank" rel="noopener">
          {w.orderWithdrawal}
        </Link>
        .
      </p>
    </ConfirmDialog>
  );
}
