import { randomUUID } from 'node:crypto';
import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import {
  DELETED_PROFILE_NAME,
  type ChatMessage,
  type ConversationResponse,
  type ConversationSummary,
  type InboxItem,
  type SendMessageResponse,
} from '@funkeln/contracts/messages';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { EventOutbox } from '../../platform/outbox/event-outbox.js';
import type { CursorSealer } from '../../platform/crypto/sealed-cursor.js';
import { findShownMember } from '../auth/index.js';
import type { BlocksService } from '../blocks/index.js';
import type { PhotosService } from '../photos/index.js';
import type { SettingsService } from '../settings/index.js';
import { runIdempotent } from '../../platform/idempotency/idempotency.js';
import { balanceMovedBy, type Ledger, SYSTEM_ACCOUNTS } from '../wallet/index.js';
import type { EscrowService } from './escrows.service.js';
import { loadMessageRules, type MessageRule, type Gender } from './message-rules.js';
import { pageKey, parsePageKey, presentMessage, senderView } from './message-presenter.js';
import * as repo from './messages.repo.js';
import type { PatternFlagsService } from './pattern-flags.service.js';
import type { ReadStateService } from './read-state.service.js';
import { hintFor, type MessageScreening, type Screening } from './screening/message-screening.js';
import { writePermission, type WritePermission } from './write-permission.js';

export interface SendInput {
  body: string;
  prepaidReply: number;
  clientId?: string;
  /** The sender saw "Bist du sicher?" and sends anyway. */
  confirmed?: boolean;
}

/** A message to store, and what was read before its transaction about whether the sender may write. */
interface NewMessage {
  senderId: string;
  recipientId: string;
  input: SendInput;
  clientId: string;
  permission: WritePermission;
  screening: Screening;
}

const HISTORY_PAGE = 30;
/** A paging token opens only for the member who got it, in the conversation it came from. */
const conversationContext = (viewerId: string, memberId: string) => `conversation\n${viewerId}\n${memberId}`;

/** What MessagesService is built from (named, so no call site depends on an argument order). */
export interface MessagesServiceDeps {
  db: Db;
  ledger: Ledger;
  escrows: EscrowService;
  settings: SettingsService;
  photos: PhotosService;
  events: EventBus;
  /** A stored message is a durable event (notifications, realtime): written in its transaction, dispatched after it. */
  eventOutbox: EventOutbox;
  cursors: CursorSealer;
  readState: ReadStateService;
  blocks: BlocksService;
  screening: MessageScreening;
}

export class MessagesService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly escrows: EscrowService;
  private readonly settings: SettingsService;
  private readonly photos: PhotosService;
  private readonly events: EventBus;
  private readonly eventOutbox: EventOutbox;
  private readonly cursors: CursorSealer;
  private readonly readState: ReadStateService;
  private readonly blocks: BlocksService;
  private readonly screening: MessageScreening;

  constructor(deps: MessagesServiceDeps) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.escrows = deps.escrows;
    this.settings = deps.settings;
    this.photos = deps.photos;
    this.events = deps.events;
    this.eventOutbox = deps.eventOutbox;
    this.cursors = deps.cursors;
    this.readState = deps.readState;
    this.blocks = deps.blocks;
    this.screening = deps.screening;
  }

  /**
   * Stores a message and books what it costs, all in one transaction: a refusal (402, 403, 429)
   * books and stores nothing. The same clientId (or Idempotency-Key) again returns the first answer.
   * The two reads (a stored message with this clientId; whether the sender may write, and whether
   * the message answers a conversation the recipient started) go out together before the
   * transaction: they lock nothing, so inside it they guarded nothing more on PostgreSQL, and on
   * PGlite the transaction held the one connection through more round trips. A concurrent first
   * send of the same clientId still meets the unique key and becomes a replay. Inside, the message
   * and the release of what the recipient prepaid for it are one statement, and its cost and that
   * release one lock and one booking (docs/decisions/0063-message-send-round-trips.md).
   * A message the classifier flags is refused (409 message_nudge, before anything is booked or
   * stored) until the sender confirms it; a replay of a stored message is answered first
   * (docs/decisions/0084-message-nudges-and-scam-hints.md).
   */
  async send(senderId: string, recipientId: string, input: SendInput, idempotencyKey?: string): Promise<SendMessageResponse> {
    const clientId = input.clientId ?? randomUUID();
    const ruleFor = await loadMessageRules(this.settings);
    const freeCap = await this.settings.get('PREPAID_FREE_CREDITS_PER_DAY');
    const screening = await this.screening.screen(input.body);
    const request = { memberId: senderId, key: idempotencyKey, operation: `messages.send:${recipientId}`, body: input };
    const attempt = async () => {
      const [existing, permission] = await Promise.all([repo.findByClientId(this.db, senderId, clientId), writePermission(this.db, senderId, recipientId)]);
      if (!existing && screening.nudge && input.confirmed !== true) throw new AppError('message_nudge', { params: { reason: screening.nudge } });
      return runIdempotent(this.db, request, async (tx) => {
        if (existing) return { replay: true, ...(await this.replayOf(tx, existing, recipientId, input)) };
        return { replay: false, ...(await this.store(tx, { senderId, recipientId, input, clientId, permission, screening }, ruleFor, freeCap)) };
      });
    };
    // The same clientId sent twice at once: the second insert waits for the first and then fails
    // on the unique key; run once more, and it finds the stored message.
    const { result, replayed } = await attempt().catch((err: unknown) => {
      if ((err as { code?: string }).code === '23505') return attempt();
      throw err;
    });
    const { replay, ...response } = result;
    if (!replayed && !replay) this.readState.pushUnread(recipientId);
    return response;
  }

  /**
   * Tells the sender's and the recipient's open sessions (the realtime consumer of
   * `message.created`, in the process that stored it: the message as presented then, else read).
   */
  async announce(messageId: string, stored?: ChatMessage): Promise<void> {
    const row = stored ? undefined : (await repo.findMessages(this.db, [messageId])).get(messageId);
    const forRecipient = stored ?? (row && presentMessage(row, undefined, row.recipient_id ?? undefined));
    if (forRecipient) this.events.emit('message.created', { message: senderView(forRecipient), forRecipient });
  }

  /** The durable consumer that counts a stored message's patterns (the body from the memo, or read again on a redelivery). */
  async countPatterns(patterns: PatternFlagsService, messageId: string, senderId: string, recipientId: string, stored?: ChatMessage): Promise<void> {
    const body = stored?.body ?? (await repo.findMessages(this.db, [messageId])).get(messageId)?.body;
    if (body !== undefined) await patterns.record(senderId, recipientId, body);
  }

  private async replayOf(tx: Queryable, existing: repo.MessageRow, recipientId: string, input: SendInput): Promise<SendMessageResponse> {
    if (existing.recipient_id !== recipientId || existing.body !== input.body || existing.prepaid_reply !== input.prepaidReply) {
      throw new AppError('client_id_conflict');
    }
    return { message: presentMessage(existing), credits: await this.ledger.balance(tx, existing.sender_id ?? '') };
  }

  private async store(
    tx: Tx,
    { senderId, recipientId, input, clientId, permission, screening }: NewMessage,
    ruleFor: (gender: Gender) => MessageRule,
    freeCap: number,
  ): Promise<SendMessageResponse> {
    if ('refusal' in permission) throw permission.refusal;
    const gender = permission.senderGender;
    if (gender === undefined) throw new AppError('profile_required');
    const rule = ruleFor(gender);
    if (rule.kind === 'limit' && permission.isReply && !(await repo.countDailyReply(tx, senderId, rule.perDay))) {
      throw new AppError('daily_limit', { params: { perDay: rule.perDay } });
    }
    const cost = rule.kind === 'pay' ? rule.cost : 0;
    const id = randomUUID();
    const { message, released, senderBalance, eventId } = await repo.insertMessage(
      tx,
      {
        id,
        clientId,
        senderId,
        recipientId,
        body: input.body,
        prepaidReply: input.prepaidReply,
        nudge: screening.nudge,
        scamHint: hintFor(screening, permission.exchanged),
        eventLeaseSeconds: this.eventOutbox.leaseSeconds,
      },
      input.prepaidReply,
    );
    const presented = presentMessage(message);
    // The realtime consumer's memo: the recipient's view (the sender's is derived from it).
    this.eventOutbox.written(tx, eventId, 'message.created', { messageId: id, senderId, recipientId }, presentMessage(message, undefined, recipientId));
    // What the message costs, then what the recipient had prepaid for this reply: one lock, one booking.
    const release = this.escrows.releasePosting(senderId, id, released);
    const [posted, releasedPosted] = await this.ledger.postAll(tx, [
      {
        kind: 'message',
        reference: id,
        legs: [
          { account: { wallet: senderId }, amount: -cost },
          { account: SYSTEM_ACCOUNTS.spending, amount: cost },
          // A prepaid reply goes to another member: bought credits first, free ones count against the cap.
          { account: { wallet: senderId }, amount: -input.prepaidReply, takeFirst: 'bought' },
          { account: SYSTEM_ACCOUNTS.escrow, amount: input.prepaidReply },
        ],
      },
      ...(release ? [release] : []),
    ]);
    if (input.prepaidReply > 0) {
      const senderAccount = posted?.wallets.get(senderId);
      if (!posted || senderAccount === undefined) throw new Error('a prepaid reply was not booked from the sender\'s wallet');
      const free = -(posted.free[2] ?? 0);
      await this.escrows.hold(tx, { messageId: id, senderId, senderAccount, recipientId, amount: input.prepaidReply, free }, freeCap);
    }
    // "Only from members I liked": refused here, after the price, the daily limit and the prepaid
    // cap were checked and booked (all rolled back with this throw). Refused earlier, a sender who
    // cannot pay would read 402 for a member who liked him and 403 for one who did not: whether she
    // liked him, for free, before a match (red team, session 59).
    if (permission.notLiked) throw new AppError('not_liked');
    // Nothing moved the sender's wallet (a free message, nothing collected): the balance the insert read.
    return { message: presented, credits: balanceMovedBy(senderId, [posted, releasedPosted]) ?? senderBalance };
  }

  async inbox(memberId: string): Promise<InboxItem[]> {
    const rows = await repo.inbox(this.db, memberId, 100);
    return rows.map((r) => ({
      id: r.id,
      sender_id: r.sender_id,
      sender_name: r.sender_name ?? DELETED_PROFILE_NAME,
      body: r.body,
      prepaid_reply_reserved_credits: Number(r.reserved),
      created_at: r.created_at.toISOString(),
      read: r.read_at !== null,
    }));
  }

  async conversations(memberId: string): Promise<ConversationSummary[]> {
    const rows = await repo.conversations(this.db, memberId, 100);
    const [last, thumbs] = await Promise.all([
      repo.findMessages(this.db, rows.map((r) => r.last_id)),
      this.photos.mainThumbUrls(rows.map((r) => r.member_id)),
    ]);
    return rows.flatMap((r) => {
      const message = last.get(r.last_id);
      // gone meanwhile (the account was deleted between the two reads): the list leaves it out
      if (!message) return [];
      const lastMessage = presentMessage(message, r.read_receipts ? undefined : memberId, memberId);
      const age = r.birth_date ? ageOn(r.birth_date, berlinToday()) : null;
      return [{ memberId: r.member_id, name: r.name, age, thumbUrl: thumbs.get(r.member_id) ?? null, lastMessage, unread: r.unread }];
    });
  }

  /**
   * A page of history (oldest first within the page); `before` pages further back. A suspended
   * member's conversations are gone for the other side, as from the inbox and the list (404).
   */
  async conversation(viewerId: string, memberId: string, query: { before?: string; limit?: number }): Promise<ConversationResponse> {
    // No conversation with oneself (compose answers the same), and no reads for one.
    if (memberId === viewerId) throw new AppError('not_found', { params: { of: 'conversation' } });
    const context = conversationContext(viewerId, memberId);
    const before = query.before === undefined ? undefined : parsePageKey(await this.cursors.open(query.before, context));
    const badCursor = query.before !== undefined && !before;
    const limit = query.limit ?? HISTORY_PAGE;
    // The reads go out together (one wait, not four in a row); nothing of them is answered before the checks.
    const [member, blocked, rows, thumbUrl] = await Promise.all([
      findShownMember(this.db, memberId),
      this.blocks.isBlocked(viewerId, memberId),
      badCursor ? [] : repo.history(this.db, viewerId, memberId, before, limit + 1),
      this.thumbOf(memberId),
    ]);
    if (!member || blocked) throw new AppError('not_found', { params: { of: 'conversation' } });
    if (badCursor) throw new AppError('bad_cursor');
    const page = rows.slice(0, limit);
    return {
      member: { id: member.id, name: member.name, thumbUrl },
      messages: page.reverse().map((m) => presentMessage(m, member.readReceipts ? undefined : viewerId, viewerId)),
      before: rows.length > limit ? await this.cursors.seal(pageKey(page[0]!), context) : null,
    };
  }

  private async thumbOf(memberId: string): Promise<string | null> {
    return (await this.photos.mainThumbUrls([memberId])).get(memberId) ?? null;
  }
}
