import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import type { NewCounts, SeenList } from '@funkeln/contracts/swipes';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFor, routeFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import * as queryKeys from '../../lib/query-keys';
import { FlirtsPage } from './flirts-page';
import { MatchesPage } from './matches-page';

vi.mock('../../lib/socket', () => ({ connectSocket: () => ({ connected: false, emit: () => undefined, on: () => undefined, off: () => undefined }) }));

/** The server's counts, and the lists the page marked seen (the server clears the marked one). */
function serverCounts(start: NewCounts) {
  const counts = { ...start };
  const marked: SeenList[] = [];
  server.use(
    answerFor(swipesEndpoints.receivedFlirts, []),
    answerFor(swipesEndpoints.matches, []),
    routeFor(swipesEndpoints.newCounts, () => counts),
    routeFor(swipesEndpoints.markSeen, ({ body }) => {
      marked.push(body.list);
      counts[body.list] = 0;
      return counts;
    }),
  );
  return marked;
}

describe('opening Matches or Flirts (issue 56 item 5)', () => {
  it('the Flirts page marks the flirts seen: their badge goes, the matches keep theirs', async () => {
    const marked = serverCounts({ matches: 2, flirts: 3 });
    renderPage(<FlirtsPage />);
    await waitFor(() => expect(marked).toEqual(['flirts']));
    await waitFor(() => expect(screen.queryByTestId('new-flirts')).toBeNull());
    expect(screen.getByTestId('new-matches').textContent).toMatch(/^2/);
  });

  it('the Matches page marks the matches seen', async () => {
    const marked = serverCounts({ matches: 2, flirts: 3 });
    renderPage(<MatchesPage />);
    await waitFor(() => expect(marked).toEqual(['matches']));
    await waitFor(() => expect(screen.queryByTestId('new-matches')).toBeNull());
    expect(screen.getByTestId('new-flirts').textContent).toMatch(/^3/);
  });

  it('a flirt arriving while the page is open loads the list again before it counts as seen (red team, session 60)', async () => {
    const marked = serverCounts({ matches: 0, flirts: 1 });
    let loads = 0;
    server.use(
      routeFor(swipesEndpoints.receivedFlirts, () => {
        loads += 1;
        return [];
      }),
    );
    const { queryClient } = renderPage(<FlirtsPage />);
    await waitFor(() => expect(marked).toEqual(['flirts']));
    const before = loads;
    // The socket's new-counts event, as followNewCounts writes it.
    queryClient.setQueryData(queryKeys.newCounts(), { matches: 0, flirts: 1 });
    await waitFor(() => expect(marked).toEqual(['flirts', 'flirts']));
    await waitFor(() => expect(loads).toBeGreaterThan(before));
  });
});
