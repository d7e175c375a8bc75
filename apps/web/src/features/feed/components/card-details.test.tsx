import type { FeedCard } from '@funkeln/contracts/feed';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { FeedCardFace } from './feed-card-face';

const base: FeedCard = { id: 'a', name: 'Ben', photoUrl: '/p/a.jpg', age: 31 };
const chips = () => [...document.querySelectorAll('.interest-chip')].map((li) => ({ text: li.firstChild?.textContent, shared: li.hasAttribute('data-shared') }));

describe('feed card text', () => {
  it('shows the start of the about-me text, interests as chips and the shared ones highlighted', () => {
    render(<FeedCardFace card={{ ...base, about: 'Ich koche gern für Freunde.', interests: ['kochen', 'reisen', 'hunde', 'yoga'], sharedInterests: 3 }} eager />);
    expect(screen.getByTestId('card-about').textContent).toBe('Ich koche gern für Freunde.');
    expect(screen.getByTestId('card-shared').textContent).toBe('3 gemeinsame Interessen');
    expect(chips()).toEqual([
      { text: 'Kochen', shared: true },
      { text: 'Reisen', shared: true },
      { text: 'Hunde', shared: true },
      { text: 'Yoga', shared: false },
    ]);
    expect(screen.getByRole('list', { name: de.details.interestsLabel })).toBeTruthy();
  });

  it('says "1 gemeinsames Interesse" in the singular and nothing when none is shared', () => {
    const { rerender } = render(<FeedCardFace card={{ ...base, interests: ['kochen', 'yoga'], sharedInterests: 1 }} eager />);
    expect(screen.getByTestId('card-shared').textContent).toBe('1 gemeinsames Interesse');
    rerender(<FeedCardFace card={{ ...base, interests: ['kochen'], sharedInterests: 0 }} eager />);
    expect(screen.queryByTestId('card-shared')).toBeNull();
    expect(chips()).toEqual([{ text: 'Kochen', shared: false }]);
  });

  it('shows only name and photo for a card without texts or interests (the spec card)', () => {
    render(<FeedCardFace card={base} eager />);
    expect(screen.queryByTestId('card-about')).toBeNull();
    expect(screen.queryByRole('list', { name: de.details.interestsLabel })).toBeNull();
  });
});
