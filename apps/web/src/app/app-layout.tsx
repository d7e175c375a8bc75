import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { de } from '../i18n/de-shell';
import { meKey } from '../lib/current-user';
import { useToken } from '../lib/token-storage';
import { lazyPage } from './lazy-page';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { useScrollRestoration } from './use-scroll-restoration';

// Members only (they need a session), so a visitor's landing page does not load them.
const VerifyBanner = lazyPage(() => import('../features/auth/components/verify-banner'), 'VerifyBanner');
const TermsBanner = lazyPage(() => import('../features/legal/components/terms-banner'), 'TermsBanner');
const OfflineNotice = lazyPage(() => import('../components/ui/offline-notice'), 'OfflineNotice');
const MatchCelebration = lazyPage(() => import('./match-celebration'), 'MatchCelebration');
const TabBar = lazyPage(() => import('./tab-bar'), 'TabBar');
const UnreadTitle = lazyPage(() => import('./unread-badge'), 'UnreadTitle');

/** Spec 4: the current user is reloaded on every route change (the first load happens on mount). */
function useReloadUserOnNavigation(): void {
  const location = useLocation();
  const queryClient = useQueryClient();
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    void queryClient.invalidateQueries({ queryKey: meKey() });
  }, [location.key, queryClient]);
}

export function AppLayout() {
  useReloadUserOnNavigation();
  useScrollRestoration();
  const token = useToken();
  return (
    <div className={token ? 'shell shell--member' : 'shell'}>
      <a className="skip-link" href="#main">
        {de.common.skipToContent}
      </a>
      <TopBar />
      {token ? (
        <Suspense fallback={null}>
          <TermsBanner />
          <VerifyBanner />
          <OfflineNotice />
        </Suspense>
      ) : null}
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Spinner label={de.common.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {token ? (
        <Suspense fallback={null}>
          <TabBar />
          <UnreadTitle />
          <MatchCelebration />
        </Suspense>
      ) : null}
    </div>
  );
}
