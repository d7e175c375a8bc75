import { purchaseReturnQuery } from '@funkeln/contracts/wallet';
import { useSearchParams } from 'react-router';

export type PurchaseReturn = 'success' | 'cancelled' | undefined;

/** Stripe Checkout comes back to /wallet?purchase=success or ?purchase=cancelled. */
export function usePurchaseReturn(): PurchaseReturn {
  const [params] = useSearchParams();
  const parsed = purchaseReturnQuery.safeParse({ purchase: params.get('purchase') ?? undefined });
  return parsed.success ? parsed.data.purchase : undefined;
}
