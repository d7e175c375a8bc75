import { accountEndpoints } from '@funkeln/contracts/routes/account';
import { legalEndpoints } from '@funkeln/contracts/routes/legal';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { meKey } from '../../lib/current-user';
import * as queryKeys from '../../lib/query-keys';

/** The facts the legal pages are written from; they change only with the server's configuration. */
export function useLegalInfo() {
  return useQuery({ queryKey: queryKeys.legal(), queryFn: () => call(legalEndpoints.info), staleTime: Infinity });
}

/** Agrees to the AGB version this page shows; the current user reloads (the banner goes). */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountEndpoints.acceptTerms, { body: { version: TERMS_VERSION } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey() }),
  });
}
