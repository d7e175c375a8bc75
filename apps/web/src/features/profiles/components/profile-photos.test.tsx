import type { PublicProfile } from '@funkeln/contracts/profiles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { ProfilePhotos } from './profile-photos';

const profile = (photos: { url: string; thumbUrl: string }[]): PublicProfile['profile'] => ({
  about_me: '',
  looking_for: '',
  age: 31,
  city: 'Berlin',
  gender: null,
  photo_url: photos[0]?.url ?? null,
  thumb_url: photos[0]?.thumbUrl ?? null,
  photos,
  badges: [],
  interests: [],
  prompts: [],
});
const three = [1, 2, 3].map((n) => ({ url: `/l/${n}`, thumbUrl: `/t/${n}` }));

describe('ProfilePhotos', () => {
  it('shows the main photo large and every approved photo as a thumbnail to pick', async () => {
    const { user } = renderPage(<ProfilePhotos profile={profile(three)} name="Anna" />);
    const large = () => screen.getByTestId('profile-photo').getAttribute('src');
    expect(large()).toBe('/l/1');
    expect(screen.getByRole('list', { name: 'Fotos von Anna' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Foto 3 von 3 zeigen' }));
    expect(large()).toBe('/l/3');
    expect(screen.getByRole('button', { name: 'Foto 3 von 3 zeigen' }).getAttribute('aria-current')).toBe('true');
  });

  it('shows a single photo without thumbnails', () => {
    renderPage(<ProfilePhotos profile={profile(three.slice(0, 1))} name="Anna" />);
    expect(screen.getByTestId('profile-photo').getAttribute('src')).toBe('/l/1');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
