import { formatEuro, type CreditPack } from '@funkeln/contracts/wallet';
import { useId } from 'react';
import { de } from '../../../i18n/de';

interface PackCardProps {
  pack: CreditPack;
  disabled: boolean;
  /** This pack is being bought right now. */
  busy: boolean;
  /** Why buying is off, when it is: the id of the explanation. */
  describedBy?: string | undefined;
  onBuy: (pack: CreditPack) => void;
}

export function PackCard({ pack, disabled, busy, describedBy, onBuy }: PackCardProps) {
  const nameId = useId();
  return (
    <li className={pack.highlighted ? 'pack-card pack-card--highlighted' : 'pack-card'} data-testid="credit-pack">
      {pack.highlighted ? <span className="pack-card__tag">{de.wallet.packHighlight}</span> : null}
      <h3 className="pack-card__name" id={nameId}>
        {pack.name}
      </h3>
      <p className="pack-card__credits">{de.wallet.packCredits(pack.credits)}</p>
      <p className="pack-card__price">{formatEuro(pack.priceCents)}</p>
      <button
        type="button"
        className={pack.highlighted ? 'btn btn--primary btn--block' : 'btn btn--secondary btn--block'}
        disabled={disabled}
        aria-describedby={[nameId, describedBy].filter(Boolean).join(' ')}
        onClick={() => onBuy(pack)}
      >
        {busy ? de.wallet.buying : de.wallet.buy}
      </button>
    </li>
  );
}
