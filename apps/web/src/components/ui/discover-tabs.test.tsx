import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { DiscoverTabs } from './discover-tabs';

// The live events are lib/new-counts.test.ts's; here the counts as loaded.
vi.mock('../../lib/socket', () => ({ connectSocket: () => ({ connected: false, emit: () => undefined, on: () => undefined, off: () => undefined }) }));

const badgeText = (id: string) => screen.queryByTestId(id)?.textContent ?? null;

describe('DiscoverTabs: new matches and flirts', () => {
  it('shows each count on its tab with a German label, and no badge where nothing is new', async () => {
    server.use(answerFor(swipesEndpoints.newCounts, { matches: 1, flirts: 3 }));
    renderPage(<DiscoverTabs />);
    await waitFor(() => expect(badgeText('new-flirts')).toBe(`3${de.tabs.newFlirts(3)}`));
    expect(badgeText('new-matches')).toBe(`1${de.tabs.newMatches(1)}`);
    expect(screen.getByRole('link', { name: new RegExp(`^${de.nav.flirts}`) }).textContent).toContain('3 neue Flirts');
    expect(screen.getByRole('link', { name: de.nav.discover }).textContent).toBe(de.nav.discover);
  });

  it("says '99+' beyond 99, and nothing at zero", async () => {
    server.use(answerFor(swipesEndpoints.newCounts, { matches: 0, flirts: 100 }));
    renderPage(<DiscoverTabs />);
    await waitFor(() => expect(badgeText('new-flirts')).toBe(`99+${de.tabs.newFlirts(100)}`));
    expect(badgeText('new-matches')).toBeNull();
  });
});
