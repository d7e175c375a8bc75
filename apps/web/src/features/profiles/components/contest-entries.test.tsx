import { errorMessage } from '@funkeln/contracts/errors';
import { categoryLabels, photoCategories } from '@funkeln/contracts/leaderboard';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFor, failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ContestEntries } from './contest-entries';

const category = photoCategories[0];

describe('ContestEntries', () => {
  it.each(['unavailable', 'internal_error'] as const)("shows the catalogue sentence for '%s' and takes the choice back", async (code) => {
    server.use(answerFor(leaderboardEndpoints.entries, { categories: [], photos: {} }), failureFor(leaderboardEndpoints.setEntries, code));
    const { user } = renderPage(<ContestEntries />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: categoryLabels[category] });
    // The saved choice is loaded first.
    await waitFor(() => expect(box.disabled).toBe(false));
    await user.click(box);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage(code));
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(false);
  });
});
