import type { FeedCard } from '@funkeln/contracts/feed';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { SwipeDeck } from './swipe-deck';

const photos = ['/p/a1.jpg', '/p/a2.jpg', '/p/a3.jpg'];
const cards: FeedCard[] = [
  { id: '00000000-0000-4000-8000-00000000000a', name: 'Anna', photoUrl: photos[0]!, photos },
  { id: '00000000-0000-4000-8000-00000000000b', name: 'Bea', photoUrl: '/p/b1.jpg', photos: ['/p/b1.jpg'] },
];
const WIDTH = 300;

const topCard = () => screen.getByTestId('top-card');
const shownPhoto = () => topCard().querySelector('img.feed-card__photo')?.getAttribute('src');
/** A press and release at the same spot: x pixels from the card's left edge. */
function tap(x: number) {
  const at = { pointerId: 1, pointerType: 'mouse', button: 0, clientX: x, clientY: 200 };
  fireEvent.pointerDown(topCard(), at);
  fireEvent.pointerUp(topCard(), at);
}

describe('the card photos', () => {
  const layout = Element.prototype.getBoundingClientRect;
  afterAll(() => {
    Element.prototype.getBoundingClientRect = layout;
  });
  beforeAll(() => {
    // jsdom lays nothing out and has no pointer capture: the card is WIDTH pixels wide from x = 0.
    Element.prototype.setPointerCapture ??= () => undefined;
    Element.prototype.getBoundingClientRect = () => ({ left: 0, top: 0, right: WIDTH, bottom: 400, width: WIDTH, height: 400, x: 0, y: 0, toJSON: () => ({}) });
  });

  it('steps through the photos by tapping the left and right half, with position dots', async () => {
    server.use(answerFor(feedEndpoints.feed, cards));
    renderPage(<SwipeDeck radius="" round={0} onReload={() => undefined} />);
    await waitFor(() => expect(shownPhoto()).toBe(photos[0]));
    const dots = () => [...topCard().querySelectorAll('.feed-card__dot')].map((d) => d.classList.contains('feed-card__dot--on'));
    expect(dots()).toEqual([true, false, false]);
    tap(250);
    expect(shownPhoto()).toBe(photos[1]);
    expect(dots()).toEqual([false, true, false]);
    tap(250);
    tap(250); // the last photo stays
    expect(shownPhoto()).toBe(photos[2]);
    tap(40);
    expect(shownPhoto()).toBe(photos[1]);
    expect(screen.getByTestId('card-photos').getAttribute('aria-label')).toBe('Fotos von Anna: Foto 2 von 3. Pfeiltaste hoch oder runter blättert.');
    // Still the same card: a tap is no swipe.
    expect(topCard().getAttribute('aria-hidden')).toBeNull();
    expect(topCard().querySelector('[data-testid="card-name"]')?.textContent).toBe('Anna');
  });

  it('steps with ↑/↓ while the photos have focus; → still likes', async () => {
    const swiped: string[] = [];
    server.use(
      answerFor(feedEndpoints.feed, cards),
      routeFor(swipesEndpoints.swipe, ({ params }) => {
        swiped.push(params.id);
        return { match: false };
      }),
    );
    const { user } = renderPage(<SwipeDeck radius="" round={0} onReload={() => undefined} />);
    await waitFor(() => expect(shownPhoto()).toBe(photos[0]));
    screen.getByTestId('card-photos').focus();
    await user.keyboard('{ArrowDown}');
    expect(shownPhoto()).toBe(photos[1]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(shownPhoto()).toBe(photos[2]);
    await user.keyboard('{ArrowUp}');
    expect(shownPhoto()).toBe(photos[1]);
    expect(swiped).toEqual([]);
    // → still likes, from the photos too.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(swiped).toEqual([cards[0]!.id]));
    expect(topCard().querySelector('[data-testid="card-name"]')?.textContent).toBe('Bea');
    // A card with one photo has no dots and no photo stop.
    expect(topCard().querySelector('.feed-card__dots')).toBeNull();
    expect(screen.queryByTestId('card-photos')).toBeNull();
  });
});
