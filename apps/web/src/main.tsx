import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { trackPresence } from './lib/presence';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import { restoreTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/topbar.css';
import './styles/tab-bar.css';
import './styles/buttons.css';
import './styles/fields.css';
import './styles/form-controls.css';
import './styles/landing.css';
import './styles/hero-visual.css';
import './styles/features.css';
import './styles/pages.css';
import './styles/dialogs.css';

restoreTheme();
// The socket client loads beside the first render instead of before it; 'Gerade online' fills in
// once it connects. Zod's German messages come with the first lazy page (app/lazy-page.ts).
void import('./lib/socket').then(({ connectSocket }) => trackPresence(connectSocket()));

const root = document.getElementById('root');
if (!root) throw new Error('#root fehlt in index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      {/* Navigations as plain state updates, not transitions: a sign-out can then render the move
          home synchronously (flushSync) before the token, and the route guard, go away. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
registerServiceWorkerWhenIdle();
