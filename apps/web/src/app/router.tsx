import { useRoutes, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { AppLayout } from './app-layout';
import { lazyPage } from './lazy-page';
import { RequireToken } from './require-token';

// The landing page is in the entry chunk; everything else loads on demand.
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const VerifyPage = lazyPage(() => import('../features/auth/pages/verify-page'), 'VerifyPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPage = lazyPage(() => import('../features/auth/pages/reset-page'), 'ResetPage');
const OnboardingPage = lazyPage(() => import('../features/onboarding/onboarding-page'), 'OnboardingPage');
const DiscoverPage = lazyPage(() => import('../features/feed/discover-page'), 'DiscoverPage');
const MatchesPage = lazyPage(() => import('../features/swipes/matches-page'), 'MatchesPage');
const FlirtsPage = lazyPage(() => import('../features/swipes/flirts-page'), 'FlirtsPage');
const WalletPage = lazyPage(() => import('../features/wallet/wallet-page'), 'WalletPage');
const MessagesPage = lazyPage(() => import('../features/messages/messages-page'), 'MessagesPage');
const ConversationPage = lazyPage(() => import('../features/messages/conversation-page'), 'ConversationPage');
const LeaderboardPage = lazyPage(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage');
const VotePage = lazyPage(() => import('../features/leaderboard/vote-page'), 'VotePage');
const CompanionPage = lazyPage(() => import('../features/companion/companion-page'), 'CompanionPage');
const SettingsPage = lazyPage(() => import('./settings-page'), 'SettingsPage');
const VerificationPage = lazyPage(() => import('../features/verification/verification-page'), 'VerificationPage');
const ProfilePage = lazyPage(() => import('../features/profiles/profile-page'), 'ProfilePage');
const AdminSettingsPage = lazyPage(() => import('../features/admin/admin-settings-page'), 'AdminSettingsPage');
const AdminModerationPage = lazyPage(() => import('../features/admin/admin-moderation-page'), 'AdminModerationPage');
const ImpressumPage = lazyPage(() => import('../features/legal/impressum-page'), 'ImpressumPage');
const DatenschutzPage = lazyPage(() => import('../features/legal/datenschutz-page'), 'DatenschutzPage');
const AgbPage = lazyPage(() => import('../features/legal/agb-page'), 'AgbPage');
const GoodbyePage = lazyPage(() => import('../features/privacy/pages/goodbye-page'), 'GoodbyePage');
const DecisionsPage = lazyPage(() => import('../features/decisions/decisions-page'), 'DecisionsPage');
const ObjectionPage = lazyPage(() => import('../features/decisions/objection-page'), 'ObjectionPage');
const NoticePage = lazyPage(() => import('../features/safety/notice-page'), 'NoticePage');
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'verify', element: <VerifyPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset', element: <ResetPage /> },
      { path: 'auf-wiedersehen', element: <GoodbyePage /> },
      // A mailed link: works without a session (a suspended member has none).
      { path: 'widerspruch', element: <ObjectionPage /> },
      {
        element: <RequireToken />,
        children: [
          { path: 'onboarding', element: <OnboardingPage /> },
          { path: 'discover', element: <DiscoverPage /> },
          { path: 'matches', element: <MatchesPage /> },
          { path: 'flirts', element: <FlirtsPage /> },
          { path: 'wallet', element: <WalletPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:memberId', element: <ConversationPage /> },
          { path: 'leaderboard', element: <LeaderboardPage /> },
          { path: 'vote', element: <VotePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'verification', element: <VerificationPage /> },
          { path: 'entscheidungen', element: <DecisionsPage /> },
          // The profile API needs a session, so the page does too.
          { path: 'profile/:id', element: <ProfilePage /> },
        ],
      },
      { path: 'digital-friend', element: <CompanionPage /> },
      { path: 'admin/settings', element: <AdminSettingsPage /> },
      { path: 'admin/moderation', element: <AdminModerationPage /> },
      { path: 'impressum', element: <ImpressumPage /> },
      { path: 'datenschutz', element: <DatenschutzPage /> },
      { path: 'agb', element: <AgbPage /> },
      // Anyone, signed in or not (the share page links here): DSA Art. 16 notices.
      { path: 'report/:memberId', element: <NoticePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data
 * router's code would be about half of the router's weight on the landing page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
