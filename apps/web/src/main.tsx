// Aliased: it configures zod once at startup and is not a React hook.
import { useGermanValidationMessages as applyGermanZodMessages } from '@funkeln/contracts/locale';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { trackMatches } from './lib/match-celebration';
import { trackPresence } from './lib/presence';
import { connectSocket } from './lib/socket';
import { restoreTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/topbar.css';
import './styles/buttons.css';
import './styles/fields.css';
import './styles/form-controls.css';
import './styles/auth.css';
import './styles/landing.css';
import './styles/hero-visual.css';
import './styles/features.css';
import './styles/pages.css';
import './styles/onboarding.css';
import './styles/profile.css';
import './styles/avatar.css';
import './styles/dialogs.css';
import './styles/match-dialog.css';
import './styles/discover.css';
import './styles/swipe-deck.css';
import './styles/feed-card.css';
import './styles/swipe-actions.css';
import './styles/member-list.css';
import './styles/wallet.css';
import './styles/messages.css';
import './styles/leaderboard.css';
import './styles/companion.css';
import './styles/admin.css';
import './styles/settings.css';

applyGermanZodMessages();
restoreTheme();
const socket = connectSocket();
trackPresence(socket);
trackMatches(socket);

const root = document.getElementById('root');
if (!root) throw new Error('#root fehlt in index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
