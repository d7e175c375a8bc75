import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import type { NewCounts } from '@funkeln/contracts/swipes';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { DiscoverTabs } from './discover-tabs';

// The socket as the app's one connection: the test plays the server's `new-counts` events.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  return {
    handlers,
    on: (name: string, handler: (event: unknown) => void) => void handlers.set(name, (handlers.get(name) ?? new Set()).add(handler)),
    off: (name: string, handler: (event: unknown) => void) => void handlers.get(name)?.delete(handler),
    emit: (name: string, event: unknown) => handlers.get(name)?.forEach((h) => h(event)),
  };
});
vi.mock('../../lib/socket', () => ({ connectSocket: () => ({ connected: true, on: socket.on, off: socket.off, emit: () => undefined }) }));

const badgeText = (id: string) => screen.queryByTestId(id)?.textContent ?? null;

describe('DiscoverTabs: new matches and flirts', () => {
  it('shows each count on its tab with a German label, and follows the live event', async () => {
    server.use(answerFor(swipesEndpoints.newCounts, { matches: 1, flirts: 3 }));
    renderPage(<DiscoverTabs />);
    await waitFor(() => expect(badgeText('new-flirts')).toBe(`3${de.tabs.newFlirts(3)}`));
    expect(badgeText('new-matches')).toBe(`1${de.tabs.newMatches(1)}`);
    expect(screen.getByRole('link', { name: new RegExp(`^${de.nav.flirts}`) }).textContent).toContain('3 neue Flirts');

    act(() => socket.emit('new-counts', { matches: 2, flirts: 0 } satisfies NewCounts));
    await waitFor(() => expect(badgeText('new-matches')).toBe(`2${de.tabs.newMatches(2)}`));
    // Nothing new: no badge at all.
    expect(badgeText('new-flirts')).toBeNull();
  });

  it("says '99+' beyond 99", async () => {
    server.use(answerFor(swipesEndpoints.newCounts, { matches: 0, flirts: 100 }));
    renderPage(<DiscoverTabs />);
    await waitFor(() => expect(badgeText('new-flirts')).toBe(`99+${de.tabs.newFlirts(100)}`));
  });
});
