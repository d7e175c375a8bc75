import {
  berlinLocalToDate,
  type CreateDateShareResponse,
  DATE_SHARE_MAX_DAYS_AHEAD,
  DATE_SHARE_VALID_AFTER_HOURS,
  type DateShare,
  type DateSharesResponse,
  MAX_ACTIVE_DATE_SHARES,
} from '@funkeln/contracts/date-shares';
import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from '../../platform/crypto/crypto.js';
import { timeOrderedId } from '../../platform/crypto/ids.js';
import { AppError } from '../../platform/http/errors.js';
import { findShownMember } from '../auth/index.js';
import type { BlocksService } from '../blocks/index.js';
import type { PhotosService } from '../photos/index.js';
import * as repo from './date-shares.repo.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Tokens are 256 random bits in base64url: anything else cannot be one (no database work for it). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface DateShareInput {
  place: string;
  address: string;
  startsAt: string;
  note: string;
  withPhoto: boolean;
}

/** What the friend's page shows: the plan and nothing else. */
export interface SharedPlan {
  sharerName: string;
  partnerName: string;
  place: string;
  address: string | null;
  note: string | null;
  startsAt: Date;
  hasPhoto: boolean;
}

const conversationNotFound = () => new AppError('not_found', { params: { of: 'conversation' } });

/**
 * "Date teilen" (issue 57 item 10): a member shares a date plan with a friend through a link. Only
 * the link's hash is kept; the partner is not told and nothing of it is in his data.
 */
export class DateSharesService {
  constructor(
    private readonly db: Db,
    private readonly blocks: BlocksService,
    private readonly photos: PhotosService,
    private readonly publicUrl: string,
  ) {}

  /** A new link for a plan with a member she has a conversation with; anyone else is "not found", as an unknown id. */
  async create(memberId: string, partnerId: string, input: DateShareInput, now = new Date()): Promise<CreateDateShareResponse> {
    if (partnerId === memberId) throw conversationNotFound();
    const [partner, blocked, talked] = await Promise.all([
      findShownMember(this.db, partnerId),
      this.blocks.isBlocked(memberId, partnerId),
      repo.haveConversation(this.db, memberId, partnerId),
    ]);
    if (!partner || blocked || !talked) throw conversationNotFound();
    const startsAt = berlinLocalToDate(input.startsAt);
    if (!startsAt || startsAt.getTime() <= now.getTime() || startsAt.getTime() > now.getTime() + DATE_SHARE_MAX_DAYS_AHEAD * DAY) {
      throw new AppError('date_share_time');
    }
    const photo = input.withPhoto ? await this.photos.findForMember(partnerId) : undefined;
    const token = randomToken(32);
    const row = await this.db.transaction(async (tx) => {
      await repo.lockMember(tx, memberId);
      if ((await repo.countActive(tx, memberId)) >= MAX_ACTIVE_DATE_SHARES) throw new AppError('too_many_date_shares');
      return repo.insertShare(tx, {
        id: timeOrderedId(),
        memberId,
        partnerId,
        tokenHash: sha256(token),
        partnerName: partner.name,
        photoId: photo?.id ?? null,
        place: input.place,
        address: input.address || null,
        note: input.note || null,
        startsAt,
        expiresAt: new Date(startsAt.getTime() + DATE_SHARE_VALID_AFTER_HOURS * HOUR),
      });
    });
    return { ...present(row), url: `${this.publicUrl}/date/${token}` };
  }

  async list(memberId: string): Promise<DateSharesResponse> {
    return { shares: (await repo.listActive(this.db, memberId)).map(present) };
  }

  /** "Link löschen": the link stops working at once; another member's id is "not found". */
  async remove(memberId: string, id: string): Promise<void> {
    if (!(await repo.deleteOwn(this.db, memberId, id))) throw new AppError('not_found', { params: { of: 'date_share' } });
  }

  /** The plan behind a working link; undefined for a malformed, unknown, deleted or expired one alike. */
  async plan(token: string): Promise<SharedPlan | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const row = await repo.findLive(this.db, sha256(token));
    if (!row) return undefined;
    return {
      sharerName: row.sharer_name,
      partnerName: row.partner_name,
      place: row.place,
      address: row.address,
      note: row.note,
      startsAt: row.starts_at,
      hasPhoto: row.photo_id !== null,
    };
  }

  /** The partner's photo on the plan's page: only while the link works and the photo is still shown to members. */
  async photo(token: string): Promise<Buffer> {
    const row = TOKEN.test(token) ? await repo.findLive(this.db, sha256(token)) : undefined;
    if (!row?.photo_id) throw new AppError('not_found', { params: { of: 'photo_unavailable' } });
    return this.photos.shownThumb(row.photo_id);
  }

  /** The daily job: expired plans are deleted. */
  deleteExpired(): Promise<number> {
    return repo.deleteExpired(this.db);
  }
}

function present(r: repo.OwnShareRow): DateShare {
  return {
    id: r.id,
    partnerName: r.partner_name,
    place: r.place,
    address: r.address,
    note: r.note,
    startsAt: r.starts_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    withPhoto: r.photo_id !== null,
  };
}
