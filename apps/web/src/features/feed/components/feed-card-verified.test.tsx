import { PHOTO_VERIFIED_LABEL } from '@funkeln/contracts/verification';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedCardFace } from './feed-card-face';

const base = { id: 'm1', photoUrl: '/api/photos/p1/large?x=1', name: 'Mia', age: 29 };

describe('FeedCardFace: Foto verifiziert', () => {
  it('shows the check beside the name only for verified members', () => {
    const { rerender } = render(<FeedCardFace card={{ ...base, photoVerified: true }} eager />);
    expect(screen.getByRole('img', { name: PHOTO_VERIFIED_LABEL })).toBeTruthy();
    expect(screen.getByTestId('card-name').textContent).toContain('Mia, 29');
    rerender(<FeedCardFace card={{ ...base, photoVerified: false }} eager />);
    expect(screen.queryByRole('img', { name: PHOTO_VERIFIED_LABEL })).toBeNull();
  });
});
