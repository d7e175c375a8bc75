import { walletEndpoints } from '@funkeln/contracts/routes/wallet';
import { IDEMPOTENCY_HEADER, type PackId, type RewardType } from '@funkeln/contracts/wallet';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { newUuid } from '../../lib/uuid';
import * as queryKeys from '../../lib/query-keys';

const walletQuery = queryOptions({ queryKey: queryKeys.wallet(), queryFn: () => call(walletEndpoints.wallet) });

const PAYMENT_POLLS = 10;

/** Back from a paid Checkout, the credits come with Stripe's webhook: look again a few times. */
export function useWallet(awaitingPayment = false) {
  return useQuery({
    ...walletQuery,
    refetchInterval: (query) => (awaitingPayment && query.state.dataUpdateCount <= PAYMENT_POLLS ? 3000 : false),
  });
}

/** A fresh key per click (mutations are not retried): a doubled request is booked once. */
const idempotent = () => ({ [IDEMPOTENCY_HEADER]: newUuid() });

/** Balance, history and premium status may all have changed, whatever the answer was. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.wallet() }), queryClient.invalidateQueries({ queryKey: queryKeys.me() })]);
}

export function useClaimReward() {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (type: RewardType) => call(walletEndpoints.claimReward, { body: { type }, headers: idempotent() }),
    onSettled,
  });
}

export function useBuyPack() {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (packId: PackId) => call(walletEndpoints.buyPack, { body: { packId, withdrawalConsent: true }, headers: idempotent() }),
    onSettled,
  });
}

export function useBuyPremium() {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: () => call(walletEndpoints.buyPremium, { headers: idempotent() }),
    onSettled,
  });
}
