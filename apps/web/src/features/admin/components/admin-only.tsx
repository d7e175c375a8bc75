import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { de } from '../../../i18n/de';
import { useCurrentUser } from '../../../lib/current-user';
import { useToken } from '../../../lib/token-storage';
import * as queryKeys from '../../../lib/query-keys';

/** The admin pages' guard in the web app; the server checks the role on every request anyway. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  if (me?.role === 'admin') return <>{children}</>;
  // useCurrentUser re-renders this when the me call settles, so its state is current here.
  const settled = queryClient.getQueryState(queryKeys.meFor(token))?.status === 'success';
  if (!settled) return <Spinner label={de.common.loading} />;
  return <Notice tone="error">{de.admin.noAccess}</Notice>;
}
