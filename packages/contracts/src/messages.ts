import { z } from 'zod';
import { queryInt, text, id } from './fields.js';
import { rewardStatus } from './wallet.js';

export const MESSAGE_MAX = 2000;

/** POST /api/messages/{recipientId}; clientId (a UUID the client makes) keeps retries from duplicating. */
export const sendMessageBody = z.object({
  body: text({ min: 1, max: MESSAGE_MAX, multiline: true, tooShort: 'Die Nachricht darf nicht leer sein.', tooLong: `Die Nachricht darf höchstens ${MESSAGE_MAX} Zeichen lang sein.` }),
  prepaidReply: z
    .number({ error: 'Die vorbezahlte Antwort muss eine ganze Zahl ab 0 sein.' })
    .int('Die vorbezahlte Antwort muss eine ganze Zahl ab 0 sein.')
    .min(0, 'Die vorbezahlte Antwort muss eine ganze Zahl ab 0 sein.')
    .max(10000, 'Die vorbezahlte Antwort darf höchstens 10000 Credits betragen.')
    .default(0),
  clientId: id('Ungültige Nachrichten-ID.').optional(),
  /**
   * The sender saw "Bist du sicher?" and sends anyway. Without it, a message the classifier flags
   * is refused with 409 `message_nudge` (nothing stored, nothing booked; docs/SAFETY.md).
   */
  confirmed: z.boolean({ error: 'Ungültige Bestätigung.' }).default(false),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;
export const recipientParams = z.object({ recipientId: id('Ungültige Empfänger-ID.') });
export const memberParams = z.object({ memberId: id('Ungültige Mitglieds-ID.') });

export const chatMessage = z.object({
  id: z.string(),
  clientId: z.string(),
  senderId: z.string().nullable(),
  recipientId: z.string().nullable(),
  body: z.string(),
  prepaidReply: z.number().int(),
  /** Credits still held for the recipient's first reply (0 once paid out or refunded). */
  prepaidReserved: z.number().int(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /**
   * Only for the recipient, only when the screening found something (docs/SAFETY.md): `askIfBothered`
   * (the sender was asked "Bist du sicher?" and sent it anyway: "Stört dich das?") and `hint` (a
   * safety hint: the message asks for money, or moves off Funkeln early in the conversation).
   */
  safety: z.object({ askIfBothered: z.boolean(), hint: z.enum(['money', 'contact']).nullable() }).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export type MessageSafety = NonNullable<ChatMessage['safety']>;

/** The answer to a send: the stored message and the sender's balance after it. */
export const sendMessageResponse = z.object({ message: chatMessage, credits: z.number().int() });
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/** Spec 3: GET /api/messages, the inbox (messages received), newest first. */
export const inboxItem = z.object({
  id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string(),
  body: z.string(),
  prepaid_reply_reserved_credits: z.number().int(),
  created_at: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxResponse = z.array(inboxItem);

/** GET /api/conversations: one row per member written with, newest first. */
export const conversationSummary = z.object({
  memberId: z.string(),
  name: z.string(),
  /** Years (so two Lenas are told apart), null without a birth date; never the date itself. */
  age: z.number().int().nullable(),
  thumbUrl: z.string().nullable(),
  lastMessage: chatMessage,
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;
export const conversationsResponse = z.array(conversationSummary);

/** GET /api/conversations/{memberId}?before=<cursor>: a page of history, oldest first. */
export const historyQuery = z.object({
  before: z.string().max(200).optional(),
  limit: queryInt(1, 100).optional(),
});
export const conversationResponse = z.object({
  member: z.object({ id: z.string(), name: z.string(), thumbUrl: z.string().nullable() }),
  messages: z.array(chatMessage),
  /** Cursor for the next older page, null at the beginning of the conversation. */
  before: z.string().nullable(),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

/** Realtime `message` event to the recipient's (and the sender's other) open sessions. */
export const messageEvent = z.object({ message: chatMessage });
export type MessageEvent = z.infer<typeof messageEvent>;

export const DELETED_PROFILE_NAME = 'Gelöschtes Profil';

/**
 * GET /api/conversations/{memberId}/compose: what the next message to this member asks of the
 * signed-in member, for the composer (docs/MESSAGING.md).
 */
export const composeInfo = z.object({
  rule: z.enum(['pay', 'limit', 'free']),
  /** Credits one message costs; null unless the rule is `pay`. */
  costPerMessage: z.number().int().nullable(),
  balance: z.number().int(),
  /** False only under `pay` when the balance is below the cost. */
  canAfford: z.boolean(),
  /** A prepaid reply can be offered: a man (rule `pay`) writing first, the other member has not written to him. */
  prepaidReplyAvailable: z.boolean(),
  /** Replies left today under `limit` when this message counts as a reply; else null. At 0 the composer is closed until `repliesReopenAt`. */
  repliesLeftToday: z.number().int().nullable(),
  /** The day's allowance of replies under `limit` (WOMAN_DAILY_REPLY_LIMIT); null under the other rules. */
  repliesPerDay: z.number().int().nullable(),
  /** When replies left is 0: the next Berlin midnight, when the allowance starts again; else null. */
  repliesReopenAt: z.string().nullable(),
  /** Rewards the member can claim right here, when the credits do not reach the next message (else empty). */
  openRewards: z.array(rewardStatus),
});
export type ComposeInfo = z.infer<typeof composeInfo>;

/** GET /api/messages/unread: messages to me not yet read, from members I can still see. */
export const unreadResponse = z.object({ count: z.number().int().min(0) });
export type UnreadResponse = z.infer<typeof unreadResponse>;

/** POST /api/conversations/{memberId}/read: how many of the member's messages were marked read. */
export const markReadResponse = z.object({ marked: z.number().int() });

/**
 * Realtime `unread` event to a member's own sessions whenever their unread count changes.
 * @alias the same body as GET /api/messages/unread
 */
export const unreadEvent = unreadResponse;
export type UnreadEvent = UnreadResponse;

/**
 * Realtime `read` event to the sender's sessions: `by` read everything they sent up to message
 * `upTo`. Only sent when the reader has read receipts on.
 */
export const readEvent = z.object({ by: z.string(), upTo: z.string(), at: z.string() });
export type ReadEvent = z.infer<typeof readEvent>;

/** Client -> server `typing`: the member is typing to `to`; throttled, never stored. */
export const typingRequest = z.object({ to: id() });
export type TypingRequest = z.infer<typeof typingRequest>;

/** Server -> client `typing`: `from` is typing to you. */
export const typingEvent = z.object({ from: z.string() });
export type TypingEvent = z.infer<typeof typingEvent>;

/** GET /api/admin/message-flags: members who sent one pattern to many members within a day ("Auffällige Nachrichten"). */
export const patternFlagKinds = ['phone', 'iban', 'link', 'email', 'text'] as const;
export const patternFlagsResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      memberId: z.string(),
      name: z.string(),
      kind: z.enum(patternFlagKinds),
      /** Distinct recipients within a day when last counted. */
      recipients: z.number().int(),
      flaggedAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type PatternFlags = z.infer<typeof patternFlagsResponse>;
export const patternFlagParams = z.object({ id: id('Ungültige Hinweis-ID.') });
export const dismissPatternFlagResponse = z.object({ dismissed: z.literal(true) });

/** What both members see in place of a message the team removed (the words stay stored for an objection). */
export const MESSAGE_REMOVED_TEXT = 'Diese Nachricht wurde vom Team entfernt.';
