import { errorMessage } from '@funkeln/contracts/errors';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { LeaderboardPage } from './leaderboard-page';

// The live list listens on the socket; the tests have no server to connect to.
vi.mock('../../lib/socket', () => ({ connectSocket: () => ({ connected: false, emit: () => undefined, on: () => undefined, off: () => undefined }) }));

describe('LeaderboardPage', () => {
  it("shows the server's sentence when the Top10 do not load, with a retry that loads them", async () => {
    server.use(failureFor(leaderboardEndpoints.leaderboard, 'unavailable'));
    const { user } = renderPage(<LeaderboardPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(
      answerFor(leaderboardEndpoints.leaderboard, [
        { rank: 1, user_id: 'u-1', photo_id: 'p-1', score: 12, month_year: '2026-11', name: 'Lea', thumbUrl: null },
      ]),
    );
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByRole('link', { name: 'Lea' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
