import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export const useConsent = () => useQuery({ queryKey: queryKeys.consent(), queryFn: () => call(privacyEndpoints.consent) });

export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orientation: boolean) => call(privacyEndpoints.setConsent, { body: { orientation } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.consent(), data),
  });
}

/** Accounts without a password (Google) send none; the server then wants a recent sign-in. */
export const deleteAccount = (password: string) => call(privacyEndpoints.deleteAccount, { body: password ? { password } : {} });

/** Downloads everything stored about the member (GET /api/me/export) as funkeln-export.json. */
export async function downloadExport(): Promise<void> {
  const data = await call(privacyEndpoints.export);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'funkeln-export.json';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser reads the blob after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
