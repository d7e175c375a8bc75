import { legalEndpoints } from '@funkeln/contracts/routes/legal';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

/** The facts the legal pages are written from; they change only with the server's configuration. */
export function useLegalInfo() {
  return useQuery({ queryKey: queryKeys.legal(), queryFn: () => call(legalEndpoints.info), staleTime: Infinity });
}
