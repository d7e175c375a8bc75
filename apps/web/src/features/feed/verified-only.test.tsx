import { type FeedCard, feedResponse } from '@funkeln/contracts/feed';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { DiscoverPage } from './discover-page';

const card = (id: string, photoVerified: boolean): FeedCard => ({ id, name: `Mitglied ${id}`, photoUrl: `/p/${id}.webp`, photoVerified });

describe("'nur verifizierte Profile'", () => {
  beforeEach(() => window.sessionStorage.clear());

  it('asks the feed for verified members only while checked, starts the stack over and keeps the choice for the session', async () => {
    const asked: (string | null)[] = [];
    server.use(
      answerFor(swipesEndpoints.newCounts, { matches: 0, flirts: 0 }),
      http.get('/api/feed', ({ request }) => {
        const verified = new URL(request.url).searchParams.get('verified');
        asked.push(verified);
        const cards = verified === 'true' ? [card('v', true)] : [card('a', false), card('v', true)];
        return HttpResponse.json(feedResponse.parse(cards));
      }),
    );
    const { user, unmount } = renderPage(<DiscoverPage />);
    const topName = async (name: string) =>
      waitFor(() => expect(screen.getByTestId('top-card').querySelector('[data-testid="card-name"]')?.textContent).toMatch(new RegExp(`^${name}\\b`)));
    await topName('Mitglied a');
    const box = screen.getByRole('checkbox', { name: de.discover.verifiedOnly });
    expect(box).toHaveProperty('checked', false);
    await user.click(box);
    await topName('Mitglied v');
    expect(asked).toEqual([null, 'true']);
    unmount();
    // Back on the page in the same session: still filtered.
    renderPage(<DiscoverPage />);
    await topName('Mitglied v');
    expect(screen.getByRole('checkbox', { name: de.discover.verifiedOnly })).toHaveProperty('checked', true);
    expect(asked.at(-1)).toBe('true');
  });
});
