import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { useCurrentUser } from '../../../lib/current-user';
import { useToken } from '../../../lib/token-storage';

/** The admin pages' guard in the web app (the server checks every request anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const me = useCurrentUser();
  if (!token) return <Navigate to="/login" replace />;
  if (!me) return null;
  if (me.role !== 'admin') return <Notice tone="error">{de.admin.noAccess}</Notice>;
  return <>{children}</>;
}
