import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../i18n/de';
import { setToken } from '../lib/token-storage';
import { answerFor } from '../test/api-handlers';
import { renderPage } from '../test/render';
import { server } from '../test/server';
import { TopBar } from './top-bar';
import { meAs } from '../test/members';

vi.mock('../lib/socket', () => ({ connectSocket: () => ({ connected: false, emit: () => undefined, on: () => undefined, off: () => undefined }) }));

const me = (role: 'admin' | 'member') => meAs({ role });

function signedInAs(role: 'admin' | 'member', news = { matches: 0, flirts: 0 }) {
  setToken('token');
  server.use(answerFor(authEndpoints.me, me(role)), answerFor(messagesEndpoints.unread, { count: 0 }), answerFor(swipesEndpoints.newCounts, news));
}

const mainNav = () => screen.getByRole('navigation', { name: de.nav.label });

describe('TopBar', () => {
  it('links admins to the admin pages in the main navigation, lit on both of them', async () => {
    signedInAs('admin');
    renderPage(<TopBar />, { at: '/admin/settings' });
    const link = await screen.findByRole('link', { name: de.nav.admin });
    expect(mainNav().contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/admin/moderation');
    expect(link.className).toContain('nav-link--active');
  });

  it('shows no admin link to members', async () => {
    signedInAs('member');
    renderPage(<TopBar />);
    expect(await screen.findByRole('link', { name: de.nav.discover })).toBeTruthy();
    expect(screen.queryByRole('link', { name: de.nav.admin })).toBeNull();
  });

  it('shows new matches and flirts together beside Entdecken (Matches and Flirts are its tabs)', async () => {
    signedInAs('member', { matches: 1, flirts: 2 });
    renderPage(<TopBar />);
    const badge = await screen.findByTestId('new-badge');
    expect(screen.getByRole('link', { name: new RegExp(`^${de.nav.discover}`) }).contains(badge)).toBe(true);
    expect(badge.textContent).toBe(`3${de.tabs.newMatchesAndFlirts(3)}`);
  });
});
