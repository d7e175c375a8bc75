import { id } from '@funkeln/contracts/fields';
import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import { pathOf } from '@funkeln/contracts/routes/define';
import { profilesEndpoints as endpoints } from '@funkeln/contracts/routes/profiles';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { type PhotosService, visibleStatus } from '../photos/index.js';
import type { PlacesService } from '../places/index.js';
import { findSharedProfile } from './profiles.repo.js';

/** Messengers fetch the preview image a while after the link was shared (the link dies earlier with the sharing). */
const SHARE_IMAGE_TTL = 7 * 24 * 3600;

const imagePath = (memberId: string) => pathOf(endpoints.shareImage.path, { id: memberId });

/** A share link's member id, read in its one spelling (links may come in capitals): one page, one signed image link per member. */
const memberIdOfLink = id();

/**
 * The public share page and its preview image: only while the member shares (settings, off by
 * default), is not suspended or erased; the image only for a link signed with the member's
 * current share key (a new one each time sharing is switched, migration 029) for the current main photo.
 */
export class ShareService {
  constructor(private readonly d: { db: Db; photos: PhotosService; places: PlacesService }) {}

  /** The page's values (the member id in its one spelling) with an absolute image link (`base`, the public URL); undefined: not public. */
  async page(spelled: string, base: string) {
    const shared = await this.shareable(spelled);
    if (!shared) return undefined;
    const { photo, key, ...shown } = shared;
    return { ...shown, imageUrl: photo ? base + (await this.d.photos.sharedImageUrl(imagePath(shown.memberId), photo, key, SHARE_IMAGE_TTL)) : null };
  }

  /** The preview image, checked at this moment; not_found for any link that no longer holds. */
  async image(spelled: string, exp: number, sig: string): Promise<{ data: Buffer; maxAge: number }> {
    const shared = await this.shareable(spelled);
    if (!shared?.photo) throw new AppError('not_found', { params: { of: 'photo_unavailable' } });
    return this.d.photos.sharedImage(imagePath(shared.memberId), shared.photo, shared.key, exp, sig);
  }

  /** The shared member behind a link, the id in its one spelling; undefined: not public. */
  private async shareable(spelled: string) {
    const memberId = memberIdOfLink.safeParse(spelled).data;
    if (memberId === undefined) return undefined;
    const row = await findSharedProfile(this.d.db, memberId);
    if (!row) return undefined;
    const [place, photo] = await Promise.all([row.place_id ? this.d.places.get(row.place_id) : undefined, this.d.photos.findForMember(memberId)]);
    return {
      memberId,
      name: row.name,
      age: row.birth_date ? ageOn(row.birth_date, berlinToday()) : null,
      city: place?.name ?? null,
      photo: photo && visibleStatus(photo) === 'approved' ? photo : undefined,
      key: row.share_key,
    };
  }
}
