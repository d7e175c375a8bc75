import {
  ageOn,
  berlinToday,
  genderLabels,
  MIN_AGE,
  type OwnProfile,
  type Place,
  type ProfileUpdateBody,
  type PublicProfile,
} from '@funkeln/contracts/profiles';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { PhotosService } from '../photos/index.js';
import type { PlacesService } from '../places/index.js';
import type { BlocksService } from '../blocks/index.js';
import { limits } from '@funkeln/contracts/routes/limits';
import { enforcePolicy, type RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import type { BadgesService } from '../leaderboard/index.js';
import type { FaceVerificationService } from '../verification/index.js';
import { emptyProfile, findProfile, findPrompts, findShownName, replacePrompts, upsertProfile, type ProfileRow } from './profiles.repo.js';
import { interestsProblem, promptLabel, promptsProblem } from '@funkeln/contracts/profile-details';


/** What ProfilesService is built from (named, so no call site depends on an argument order). */
export interface ProfilesServiceDeps {
  db: Db;
  photos: PhotosService;
  places: PlacesService;
  blocks: BlocksService;
  limiter: RateLimiter;
  events: EventBus;
  badges: BadgesService;
  verification: FaceVerificationService;
}

export class ProfilesService {
  private readonly db: Db;
  private readonly photos: PhotosService;
  private readonly places: PlacesService;
  private readonly blocks: BlocksService;
  private readonly limiter: RateLimiter;
  private readonly events: EventBus;
  private readonly badges: BadgesService;
  private readonly verification: FaceVerificationService;

  constructor(deps: ProfilesServiceDeps) {
    this.db = deps.db;
    this.photos = deps.photos;
    this.places = deps.places;
    this.blocks = deps.blocks;
    this.limiter = deps.limiter;
    this.events = deps.events;
    this.badges = deps.badges;
    this.verification = deps.verification;
  }

  async getOwn(memberId: string): Promise<OwnProfile> {
    const row = (await findProfile(this.db, memberId)) ?? emptyProfile(memberId);
    const [place, photo, prompts] = await Promise.all([this.placeOf(row), this.photos.ownPhoto(memberId), findPrompts(this.db, memberId)]);
    const complete = Boolean(row.birth_date && row.gender && row.interested_in.length > 0 && place && photo?.status === 'approved');
    return {
      aboutMe: row.about_me,
      lookingFor: row.looking_for,
      birthDate: row.birth_date,
      gender: row.gender,
      interestedIn: row.interested_in,
      ageMin: row.age_min,
      ageMax: row.age_max,
      place,
      shareEnabled: row.share_enabled,
      complete,
      photo,
      interests: row.interests,
      prompts,
    };
  }

  /** Saves the given fields over the stored ones; the merged profile must be valid as a whole. */
  async update(memberId: string, body: ProfileUpdateBody): Promise<OwnProfile> {
    if (body.birthDate !== undefined && ageOn(body.birthDate, berlinToday()) < MIN_AGE) {
      throw new AppError('too_young');
    }
    if (body.birthDate !== undefined && ageOn(body.birthDate, berlinToday()) > 120) {
      throw new AppError('invalid_birth_date');
    }
    const detailsProblem = (body.interests && interestsProblem(body.interests)) || (body.prompts && promptsProblem(body.prompts));
    if (detailsProblem) throw new AppError(detailsProblem);
    if (body.placeId !== undefined && !(await this.places.get(body.placeId))) {
      throw new AppError('unknown_place');
    }
    const before = await findProfile(this.db, memberId);
    if (body.placeId !== undefined && before?.place_id !== body.placeId) {
      // Moving the home town around is how distance probes trilaterate members: a few moves a day.
      await enforcePolicy(this.limiter, limits.placeChange, memberId);
    }
    await this.db.transaction(async (tx) => {
      const current = (await findProfile(tx, memberId, true)) ?? emptyProfile(memberId);
      const next: ProfileRow = {
        ...current,
        about_me: body.aboutMe ?? current.about_me,
        looking_for: body.lookingFor ?? current.looking_for,
        birth_date: body.birthDate ?? current.birth_date,
        gender: body.gender ?? current.gender,
        interested_in: body.interestedIn ?? current.interested_in,
        age_min: body.ageMin ?? current.age_min,
        age_max: body.ageMax ?? current.age_max,
        place_id: body.placeId ?? current.place_id,
        share_enabled: body.shareEnabled ?? current.share_enabled,
        interests: body.interests ?? current.interests,
      };
      if (next.age_min > next.age_max) {
        throw new AppError('invalid_age_range');
      }
      await upsertProfile(tx, next);
      // After the upsert, which holds the profile row's lock: concurrent replacements queue behind it.
      if (body.prompts) await replacePrompts(tx, memberId, body.prompts);
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
    });
    return this.getOwn(memberId);
  }

  /**
   * What another member may see: no e-mail, no birth date, no coordinates. A suspended member, one
   * without a profile (registered, never filled it in) and one behind a block either way are a 404
   * like an unknown id; only the member sees their own profile before filling it in.
   */
  async getPublic(viewerId: string, memberId: string): Promise<PublicProfile> {
    const own = viewerId === memberId;
    const [name, profile, blocked] = await Promise.all([findShownName(this.db, memberId), findProfile(this.db, memberId), !own && this.blocks.isBlocked(viewerId, memberId)]);
    if (!name || (!own && (!profile || blocked))) throw new AppError('not_found', { params: { of: 'profile' } });
    const row = profile ?? emptyProfile(memberId);
    const [place, photoRow, badges, prompts, verified] = await Promise.all([
      this.placeOf(row),
      this.photos.findForMember(memberId),
      this.badges.of(memberId),
      findPrompts(this.db, memberId),
      this.verification.isVerified(memberId),
    ]);
    const gallery = await this.photos.approvedUrls([memberId]);
    // The owner sees their first photo in any state (e.g. still being checked); others only the main photo.
    const urls = own ? await this.photos.ownPhoto(memberId) : await this.photos.publicUrls(photoRow);
    return {
      user: { id: memberId, display_name: name },
      profile: {
        about_me: row.about_me,
        looking_for: row.looking_for,
        age: row.birth_date ? ageOn(row.birth_date, berlinToday()) : null,
        city: place?.name ?? null,
        gender: row.gender ? genderLabels[row.gender] : null,
        photo_url: urls?.url ?? null,
        thumb_url: urls?.thumbUrl ?? null,
        photos: gallery.get(memberId) ?? [],
        badges,
        interests: row.interests,
        prompts: prompts.map((p) => ({ prompt_id: p.promptId, question: promptLabel(p.promptId) ?? '', answer: p.answer })),
        photo_verified: verified,
      },
      // The share page's own rule (findSharedProfile): a profile that shares, of a member not suspended (findShownName above).
      shareable: profile?.share_enabled ?? false,
    };
  }

  private async placeOf(row: ProfileRow): Promise<Place | null> {
    return row.place_id ? ((await this.places.get(row.place_id)) ?? null) : null;
  }
}
