import { type FeedCard, feedResponse, NEXT_CURSOR_HEADER } from '@funkeln/contracts/feed';
import { swipeResponse, undoResponse } from '@funkeln/contracts/swipes';
import { errorMessage } from '@funkeln/contracts/errors';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, answerFor, failure, failureFor } from '../../../test/api-handlers';
import { ownProfileAs } from '../../../test/members';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { SwipeDeck } from './swipe-deck';

const card = (id: string): FeedCard => ({ id, name: `Mitglied ${id}`, photoUrl: `/p/${id}.webp` });

/** The feed as the server pages it: the cursor is opaque and comes back unchanged. */
function pagedFeed(pages: Record<string, { ids: string[]; next: string | null }>, asked: (string | null)[]) {
  return http.get('/api/feed', ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor');
    asked.push(cursor);
    const page = pages[cursor ?? 'first'];
    if (!page) return HttpResponse.json({ error: 'invalid_cursor', message: 'x' }, { status: 400 });
    const headers: Record<string, string> = page.next ? { [NEXT_CURSOR_HEADER]: page.next } : {};
    return HttpResponse.json(feedResponse.parse(page.ids.map(card)), { headers });
  });
}

const topName = () => screen.getByTestId('top-card').querySelector('[data-testid="card-name"]')?.textContent;

describe('SwipeDeck', () => {
  it('follows the sealed cursor while fewer than three cards remain, then ends', async () => {
    const asked: (string | null)[] = [];
    server.use(
      pagedFeed({ first: { ids: ['a', 'b'], next: 'sealed.1' }, 'sealed.1': { ids: ['b', 'c'], next: 'sealed.2' }, 'sealed.2': { ids: ['d'], next: null } }, asked),
      answer('post', '/likes/:id', swipeResponse, { match: false }),
    );
    const { user } = renderPage(<SwipeDeck radius="50" round={0} onReload={() => undefined} />);
    // Two cards, then the overlapping second page makes three (the repeated 'b' is dropped).
    await waitFor(() => expect(asked).toEqual([null, 'sealed.1']));
    expect(topName()).toBe('Mitglied a');
    await user.click(screen.getByRole('button', { name: de.discover.skip }));
    await waitFor(() => expect(asked).toEqual([null, 'sealed.1', 'sealed.2']));
    for (const name of ['Mitglied b', 'Mitglied c']) {
      expect(topName()).toBe(name);
      await user.click(screen.getByRole('button', { name: de.discover.skip }));
    }
    expect(topName()).toBe('Mitglied d');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByTestId('feed-empty')).toBeTruthy();
    expect(asked).toEqual([null, 'sealed.1', 'sealed.2']);
  });

  it('shows a failed page with a retry that asks for the same cursor again', async () => {
    const asked: (string | null)[] = [];
    let failNext = true;
    server.use(
      http.get('/api/feed', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor);
        if (cursor === null) return HttpResponse.json(feedResponse.parse([card('a')]), { headers: { [NEXT_CURSOR_HEADER]: 'sealed.1' } });
        if (failNext) {
          failNext = false;
          return HttpResponse.json({ error: 'unavailable', message: errorMessage('unavailable') }, { status: 503 });
        }
        return HttpResponse.json(feedResponse.parse([card('b')]));
      }),
    );
    const { user } = renderPage(<SwipeDeck radius="" round={0} onReload={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    expect(topName()).toBe('Mitglied a');
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(asked).toEqual([null, 'sealed.1', 'sealed.1']);
  });

  it("puts a card back with the server's sentence when the swipe fails", async () => {
    server.use(pagedFeed({ first: { ids: ['a', 'b', 'c'], next: null } }, []), failure('post', '/likes/:id', 'not_found', { of: 'member' }));
    const { user } = renderPage(<SwipeDeck radius="" round={0} onReload={() => undefined} />);
    await screen.findByTestId('top-card');
    await user.click(screen.getByRole('button', { name: de.discover.like }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('not_found', { of: 'member' }));
    expect(topName()).toBe('Mitglied a');
  });

  it('links an unfinished profile to the step it lacks, not to a retry that cannot help', async () => {
    server.use(
      failureFor(feedEndpoints.feed, 'profile_incomplete'),
      answerFor(profilesEndpoints.ownProfile, ownProfileAs({ birthDate: '1994-05-20', gender: 'female', place: { id: 1, name: 'Berlin', region: 'Berlin' } })),
    );
    renderPage(<SwipeDeck radius="" round={0} onReload={() => undefined} />);
    expect(await screen.findByText(errorMessage('profile_incomplete'))).toBeTruthy();
    // Birth date, gender and town are there: whom she is looking for is missing.
    await waitFor(() => expect(screen.getByRole('link', { name: de.discover.finishProfile }).getAttribute('href')).toBe('/onboarding#suche'));
    expect(screen.queryByRole('button', { name: de.common.retry })).toBeNull();
  });

  it("after 'Rückgängig' shows the card exactly as before: check, badges, about text and interests (issue 56 item 4)", async () => {
    const full: FeedCard = { ...card('a'), age: 31, city: 'Berlin', photoVerified: true, badges: ['Top10 Juni'], about: 'Wandern und Kaffee', interests: ['hiking'], sharedInterests: 1 };
    server.use(
      http.get('/api/feed', () => HttpResponse.json(feedResponse.parse([full, card('b')]))),
      // Whatever the undo answers (here a shorter copy, as it did before), the deck shows its own copy of the swiped card.
      answer('post', '/likes/undo', undoResponse, { card: { id: 'a', name: 'Mitglied a', photoUrl: '/p/a.webp' } }),
      answer('post', '/likes/:id', swipeResponse, { match: false }),
    );
    const { user } = renderPage(<SwipeDeck radius="" round={0} onReload={() => undefined} />);
    await screen.findByTestId('top-card');
    const face = () => screen.getByTestId('top-card').innerHTML;
    const before = face();
    expect(before).toContain('Wandern und Kaffee');
    await user.click(screen.getByRole('button', { name: de.discover.like }));
    await waitFor(() => expect(topName()).toBe('Mitglied b'));
    await user.click(screen.getByRole('button', { name: de.discover.undo }));
    await waitFor(() => expect(topName()).toMatch(/^Mitglied a/));
    expect(face()).toBe(before);
  });
});
