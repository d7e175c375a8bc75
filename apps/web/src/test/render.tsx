import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

interface Options {
  /** The address the page is rendered at (default '/'). */
  at?: string;
  /** The route pattern it matches, for pages that read params (default: every path). */
  path?: string;
}

/** Renders a page or form as the app does (query client, router) and hands back a user-event user. */
export function renderPage(ui: ReactElement, { at = '/', path = '*' }: Options = {}) {
  // No retries, and none delayed where a query asks for its own (a failure shows at once).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>andere Seite</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}
