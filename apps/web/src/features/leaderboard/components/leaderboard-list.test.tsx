import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { LeaderboardList } from './leaderboard-list';

describe('LeaderboardList', () => {
  it("counts in good German: '1 Punkt', '12 Punkte'", () => {
    renderPage(
      <LeaderboardList
        entries={[
          { rank: 1, user_id: 'u-1', photo_id: 'p-1', score: 12, month_year: '2026-11', name: 'Lea', thumbUrl: null },
          { rank: 2, user_id: 'u-2', photo_id: 'p-2', score: 1, month_year: '2026-11', name: 'Mia', thumbUrl: null },
        ]}
      />,
    );
    const scores = screen.getAllByTestId('leaderboard-entry').map((entry) => entry.querySelector('.leaderboard__score')?.textContent);
    expect(scores).toEqual(['12 Punkte', '1 Punkt']);
  });
});
