import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { setToken } from '../../lib/token-storage';
import { answerFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { LandingPage } from './landing-page';
import { meAs } from '../../test/members';

const member = meAs();

describe('LandingPage', () => {
  it("asks a visitor to start: 'Jetzt starten' to /register and the login", async () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Jetzt starten' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: de.landing.secondary }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: de.landing.ctaBandButton })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Weiter zu Entdecken' })).toBeNull();
  });

  it("sends a signed-in member on: 'Weiter zu Entdecken' to /discover, no registration", async () => {
    setToken('token');
    server.use(answerFor(authEndpoints.me, member));
    renderPage(<LandingPage />);
    const next = await screen.findByRole('link', { name: 'Weiter zu Entdecken' });
    expect(next.getAttribute('href')).toBe('/discover');
    expect(screen.queryByRole('link', { name: 'Jetzt starten' })).toBeNull();
    expect(screen.queryByRole('link', { name: de.landing.secondary })).toBeNull();
    expect(screen.queryByRole('link', { name: de.landing.ctaBandButton })).toBeNull();
  });
});
