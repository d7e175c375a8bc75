import type { FeedCard } from '@funkeln/contracts/feed';
import type { MatchItem, ReceivedFlirt, SwipeResponse } from '@funkeln/contracts/swipes';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { timeOrderedId } from '../../platform/crypto/ids.js';
import type { EventBus } from '../../platform/events/events.js';
import type { EventOutbox } from '../../platform/outbox/event-outbox.js';
import type { PhotosService } from '../photos/index.js';
import type { FlirtImages } from './flirt-images.js';
import * as repo from './swipes.repo.js';

const UNDO_SECONDS = 10;
const flirtGone = () => new AppError('not_found', { params: { of: 'flirt' } });
const unknownMember = () => new AppError('not_found', { params: { of: 'member' } });

/** What SwipesService is built from (named, so no call site depends on an argument order). */
export interface SwipesServiceDeps {
  db: Db;
  photos: PhotosService;
  flirtImages: FlirtImages;
  /** A member's card as the viewer's feed shows it (the feed module's, passed in by the composition root): what an undo puts back. */
  cardOf: (viewerId: string, isPremium: boolean, memberId: string) => Promise<FeedCard | null>;
  events: EventBus;
  /** Matches and flirts are durable events (notifications, realtime): written with the change, dispatched after it. */
  eventOutbox: EventOutbox;
  /** Whether a demo member likes a member back at once: the demo module's rule, passed in by the composition root. */
  demoLikesBack: (memberId: string, demoId: string) => boolean;
}

export class SwipesService {
  private readonly db: Db;
  private readonly photos: PhotosService;
  private readonly flirtImages: FlirtImages;
  private readonly cardOf: SwipesServiceDeps['cardOf'];
  private readonly events: EventBus;
  private readonly eventOutbox: EventOutbox;
  private readonly demoLikesBack: SwipesServiceDeps['demoLikesBack'];

  constructor(deps: SwipesServiceDeps) {
    this.db = deps.db;
    this.photos = deps.photos;
    this.flirtImages = deps.flirtImages;
    this.cardOf = deps.cardOf;
    this.events = deps.events;
    this.eventOutbox = deps.eventOutbox;
    this.demoLikesBack = deps.demoLikesBack;
  }

  /**
   * like, flirt or skip; repeating is harmless, and a like never turns back into a skip. No step
   * waits in a transaction for the next: the swipe is committed before the question whether the
   * other side likes back, so of two likes at the same moment the later question sees the earlier
   * like and the match is made (in one transaction each would miss the other's uncommitted like).
   */
  async act(viewerId: string, targetId: string, kind: repo.SwipeKind): Promise<SwipeResponse> {
    if (viewerId === targetId) throw new AppError('self_like');
    const swipe = await this.record(viewerId, targetId, kind);
    if (!swipe) throw unknownMember();
    // Only the viewer's feed changes: the target's never shows who likes them (not even by a reload).
    this.events.publishSwipe(viewerId, targetId);
    const { before } = swipe;
    if (kind === 'skip' && before !== 'like' && before !== 'flirt') return { match: false };
    if (swipe.isDemo && this.demoLikesBack(viewerId, targetId)) {
      await repo.insertSwipe(this.db, { id: timeOrderedId(), actorId: targetId, targetId: viewerId, kind: 'like' });
    }
    const match = await repo.likesBack(this.db, targetId, viewerId);
    if (match) await this.makeMatch(viewerId, targetId);
    // A statement of its own once the flirt is known to make no match: durable from there on.
    // Only a flirt she can see is announced: one from an account without a profile shows nowhere, so
    // it sends no mail, push or count event either (red team, session 60: phantom "Jemand flirtet mit dir").
    const announced = !match && kind === 'flirt' && (before === undefined || before === 'skip') && (await repo.isVisibleTo(this.db, targetId, viewerId));
    if (announced) await this.eventOutbox.recordNow(this.db, 'flirt.created', { recipientId: targetId });
    return { match };
  }

  /**
   * Commits the swipe; undefined when the target is not visible to the viewer (unknown, suspended,
   * without a profile, blocked either way: all alike). The first swipe on a card (the usual case) is
   * one statement; a repeated one turns a skip into a like or flirt or renews it (its 14 days start
   * again), and leaves a like or flirt as it is. Answers what the pair's swipe was before
   * (undefined: none).
   */
  private async record(viewerId: string, targetId: string, kind: repo.SwipeKind) {
    const swipe = { id: timeOrderedId(), actorId: viewerId, targetId, kind };
    const first = await repo.insertFirstSwipe(this.db, swipe);
    if (!first) return undefined;
    if (first.inserted) return { isDemo: first.is_demo, before: undefined };
    return { isDemo: first.is_demo, before: await this.renew(swipe) };
  }

  /** Turns the pair's skip into the swipe, or inserts it (none, or undone in between); a like or flirt stays. Answers the kind before. */
  private renew(swipe: { id: string; actorId: string; targetId: string; kind: repo.SwipeKind }) {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findSwipe(tx, swipe.actorId, swipe.targetId);
      if (existing?.kind === 'skip') await repo.updateSwipeKind(tx, existing.id, swipe.kind, swipe.id);
      if (!existing) await repo.insertSwipe(tx, swipe);
      return existing?.kind;
    });
  }

  /** Takes back the newest like or skip of the last 10 seconds (not one that made a match); answers its card as the feed showed it. */
  async undo(viewerId: string, isPremium: boolean): Promise<FeedCard | null> {
    const targetId = await this.db.transaction(async (tx) => {
      const last = await repo.findUndoableSwipe(tx, viewerId, UNDO_SECONDS);
      if (!last || (await repo.matchExists(tx, viewerId, last.target_id))) return undefined;
      await repo.deleteSwipe(tx, last.id);
      this.events.publishOnCommit(tx, 'feed.stale', { userIds: [viewerId] });
      return last.target_id;
    });
    // A member hidden from the viewer (blocked either way, suspended, gone) comes back as no card,
    // all alike: the undo never shows a card the feed would not (red team, session 60).
    if (!targetId || !(await repo.isVisibleTo(this.db, viewerId, targetId))) return null;
    return this.cardOf(viewerId, isPremium, targetId);
  }

  async matches(memberId: string): Promise<MatchItem[]> {
    const rows = await repo.listMatches(this.db, memberId);
    return Promise.all(rows.map((r) => this.matchItem(r.user_id, r.name, r.matched_at)));
  }

  /**
   * Unmatch: the match goes, and the other member drops to a skip in this member's history. A match
   * with a member no longer visible (suspended: the match is kept for a lifted suspension) is not
   * there to end, like one that never was.
   */
  async unmatch(memberId: string, otherId: string): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const gone = (await repo.isVisibleTo(tx, memberId, otherId)) && (await repo.deleteMatch(tx, memberId, otherId));
      const mine = await repo.findSwipe(tx, memberId, otherId);
      if (gone && mine) await repo.updateSwipeKind(tx, mine.id, 'skip', timeOrderedId());
      if (gone) this.events.publishOnCommit(tx, 'feed.stale', { userIds: [memberId, otherId] });
      return gone;
    });
    if (!removed) throw new AppError('not_found', { params: { of: 'match' } });
  }

  /** Anonymous until a match: no name, no id, only a picture of the flirt's own (nothing of the sender's photo). */
  async receivedFlirts(memberId: string): Promise<ReceivedFlirt[]> {
    const rows = await repo.listReceivedFlirts(this.db, memberId);
    return Promise.all(
      rows.map(async (r) => ({
        flirtId: r.id,
        blurredThumbUrl: await this.flirtImages.link(r.id),
        receivedAt: r.created_at.toISOString(),
      })),
    );
  }

  /** The bytes behind a flirt's picture link, while the flirt is still anonymous. */
  async blurredThumb(flirtId: string, exp: number, sig: string): Promise<{ data: Buffer; maxAge: number }> {
    const maxAge = await this.flirtImages.check(flirtId, exp, sig);
    if (!(await repo.findOpenFlirt(this.db, flirtId))) throw flirtGone();
    return { data: await this.flirtImages.render(flirtId), maxAge };
  }

  /**
   * Flirting back is a like. With a block between the two (either way) the like is kept but makes no
   * match and nothing else (a blocked member never matches or writes): the flirt leaves her list,
   * and she is answered `{ match: false }`, as "Zurückgeflirtet! Sobald es ein Match ist, …". That
   * one bit (this sender is in a block with me) is less than the flirt back answers without a block
   * (who it was), and spends the flirt (docs/SECURITY.md).
   */
  async acceptFlirt(memberId: string, flirtId: string): Promise<SwipeResponse> {
    const flirt = await repo.findReceivedFlirt(this.db, flirtId, memberId);
    if (!flirt) throw flirtGone();
    if (!flirt.blocked) return this.act(memberId, flirt.actor_id, 'like');
    await this.renew({ id: timeOrderedId(), actorId: memberId, targetId: flirt.actor_id, kind: 'like' });
    this.events.publishSwipe(memberId, flirt.actor_id);
    return { match: false };
  }

  /** Ends a match inside another module's transaction (a block: blocks' service calls this through the composition root). */
  async endMatch(tx: Queryable, a: string, b: string): Promise<void> {
    await repo.deleteMatch(tx, a, b);
  }

  /** The match and its event in one transaction (of two likes at once, only the first inserts, and announces). */
  private async makeMatch(a: string, b: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (await repo.insertMatch(tx, a, b)) await this.eventOutbox.record(tx, 'match.created', { a, b });
    });
  }

  /** Tells both members' open sessions (the realtime consumer of `match.created`, in the process that made the match). */
  async announceMatch(a: string, b: string): Promise<void> {
    const [ma, mb] = await Promise.all([repo.findMember(this.db, a), repo.findMember(this.db, b)]);
    if (!ma || !mb) return;
    const now = new Date();
    this.events.emit('match.created', {
      deliveries: [
        { memberId: a, match: await this.matchItem(b, mb.name, now) },
        { memberId: b, match: await this.matchItem(a, ma.name, now) },
      ],
    });
  }

  private async matchItem(memberId: string, name: string, matchedAt: Date): Promise<MatchItem> {
    const urls = await this.photos.publicUrls(await this.photos.findForMember(memberId));
    return { userId: memberId, name, thumbUrl: urls?.thumbUrl ?? null, matchedAt: matchedAt.toISOString() };
  }
}
