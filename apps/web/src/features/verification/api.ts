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

/** The liveness recording: each frame a part named `frame`, in the order taken. */
export function useSubmitRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, frames }: { attemptId: string; frames: Blob[] }) => {
      const form = new FormData();
      frames.forEach((frame, i) => form.append('frame', frame, `frame-${i}.jpg`));
      return call(verificationEndpoints.submit, { params: { id: attemptId }, body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.photoVerification() }),
  });
}
