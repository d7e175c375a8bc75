import type { PublicProfile } from '@funkeln/contracts/profiles';
import { useState } from 'react';
import { de } from '../../../i18n/de';

interface ProfilePhotosProps {
  profile: PublicProfile['profile'];
  name: string;
}

/** The profile's gallery: the chosen photo large, every approved photo as a thumbnail below it. */
export function ProfilePhotos({ profile, name }: ProfilePhotosProps) {
  const [shown, setShown] = useState(0);
  const photos = profile.photos.length > 0 ? profile.photos : profile.photo_url ? [{ url: profile.photo_url, thumbUrl: profile.thumb_url ?? profile.photo_url }] : [];
  const current = photos[Math.min(shown, photos.length - 1)];
  if (!current) return null;
  return (
    <>
      <img className="profile-card__photo" src={current.url} alt={de.profile.photoAlt(name)} data-testid="profile-photo" />
      {photos.length > 1 ? (
        <ul className="profile-card__thumbs" aria-label={de.profile.galleryLabel(name)}>
          {photos.map((p, i) => (
            <li key={p.url}>
              <button
                type="button"
                className="profile-card__thumb"
                aria-label={de.profile.showPhoto(i + 1, photos.length)}
                aria-current={i === shown ? 'true' : undefined}
                onClick={() => setShown(i)}
              >
                <img src={p.thumbUrl} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
