import { verificationEndpoints } from '@funkeln/contracts/routes/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export const useVerificationStatus = () => useQuery({ queryKey: queryKeys.photoVerification(), queryFn: () => call(verificationEndpoints.status) });

export function useSetVerificationConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (given: boolean) => call(verificationEndpoints.setConsent, { body: { given } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.photoVerification(), data),
  });
}

export const startVerification = () => call(verificationEndpoints.start);

export function useSubmitSelfie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, selfie }: { attemptId: string; selfie: Blob }) => {
      const form = new FormData();
      form.append('file', selfie, 'selfie.jpg');
      return call(verificationEndpoints.submit, { params: { id: attemptId }, body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.photoVerification() }),
  });
}
