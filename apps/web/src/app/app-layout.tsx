import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { VerifyBanner } from '../features/auth/components/verify-banner';
import { de } from '../i18n/de';
import { meQueryKey } from '../lib/current-user';
import { MatchCelebration } from './match-celebration';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/** Spec 4: the current user is reloaded on every route change (the first load happens on mount). */
function useReloadUserOnNavigation(): void {
  const location = useLocation();
  const queryClient = useQueryClient();
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [location.key, queryClient]);
}

export function AppLayout() {
  useReloadUserOnNavigation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {de.common.skipToContent}
      </a>
      <TopBar />
      <VerifyBanner />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Spinner label={de.common.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <MatchCelebration />
      <ScrollRestoration />
    </div>
  );
}
