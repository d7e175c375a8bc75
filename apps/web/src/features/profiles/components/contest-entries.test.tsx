import { errorMessage } from '@funkeln/contracts/errors';
import { categoryLabels, photoCategories } from '@funkeln/contracts/leaderboard';
import { photoStatusLabels } from '@funkeln/contracts/profiles';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ContestEntries } from './contest-entries';

const category = photoCategories[0];
const photo = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  status: 'approved' as const,
  statusLabel: photoStatusLabels.approved,
  url: `/l/${n}`,
  thumbUrl: `/t/${n}`,
  createdAt: '2026-11-25T10:00:00.000Z',
  position: n,
  main: n === 0,
});
const gallery = (n: number) => answerFor(photosEndpoints.gallery, { photos: Array.from({ length: n }, (_, i) => photo(i)), max: 6 });

describe('ContestEntries', () => {
  it.each(['unavailable', 'internal_error'] as const)("shows the catalogue sentence for '%s' and takes the choice back", async (code) => {
    server.use(gallery(1), answerFor(leaderboardEndpoints.entries, { categories: [], photos: {} }), failureFor(leaderboardEndpoints.setEntries, code));
    const { user } = renderPage(<ContestEntries />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: categoryLabels[category] });
    // The saved choice is loaded first.
    await waitFor(() => expect(box.disabled).toBe(false));
    await user.click(box);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage(code));
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(false);
  });

  it('lets the member pick which approved photo competes in a category (default: the main photo)', async () => {
    const saved: unknown[] = [];
    server.use(
      gallery(3),
      answerFor(leaderboardEndpoints.entries, { categories: [category], photos: {} }),
      routeFor(leaderboardEndpoints.setEntries, ({ body }) => {
        saved.push(body);
        return { categories: body.categories, photos: body.photos ?? {} };
      }),
    );
    const { user } = renderPage(<ContestEntries />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: `Foto für „${categoryLabels[category]}“` });
    expect([...select.options].map((o) => o.textContent)).toEqual(['Hauptfoto', 'Foto 2', 'Foto 3']);
    await user.selectOptions(select, 'Foto 3');
    await waitFor(() => expect(saved).toEqual([{ categories: [category], photos: { [category]: photo(2).id } }]));
    await user.selectOptions(select, 'Hauptfoto');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ categories: [category], photos: {} });
  });
});
