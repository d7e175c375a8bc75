import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import type { PurchaseReturn } from '../use-purchase-return';

/** What Stripe Checkout's return to /wallet means for the member. */
export function PurchaseReturnNotice({ purchase }: { purchase: PurchaseReturn }) {
  if (purchase === 'success') {
    return (
      <Notice tone="success" testId="purchase-return">
        {de.wallet.purchaseSuccess}
      </Notice>
    );
  }
  if (purchase === 'cancelled') {
    return (
      <Notice tone="info" testId="purchase-return">
        {de.wallet.purchaseCancelled}
      </Notice>
    );
  }
  return null;
}
