import { pathOf } from '@funkeln/contracts/routes/define';
import { notificationsEndpoints } from '@funkeln/contracts/routes/notifications';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { CursorSealer } from '../../platform/crypto/sealed-cursor.js';
import type { NotificationKind } from './notification.js';

/** How long an unsubscribe link works; the mails say so. */
export const UNSUBSCRIBE_LINK_DAYS = 60;
const DAY_SECONDS = 24 * 60 * 60;
/** Bound into every token: a token sealed for anything else (or by the old HMAC format) does not open. */
const CONTEXT = 'notification-unsubscribe:v2';

/** What a token seals: member, kind and the end of its life (Unix seconds). */
const KINDS = ['match', 'message', 'flirt'] as const satisfies readonly NotificationKind[];
const sealed = z.tuple([z.string(), z.enum(KINDS), z.number().int()]);

/** The unsubscribe link of a token (path and query, from the contract table): the mails' link and the page's form. */
export const unsubscribePath = (token: string): string =>
  `${pathOf(notificationsEndpoints.unsubscribe.path, {})}?${new URLSearchParams({ t: token }).toString()}`;

/**
 * One-click unsubscribe tokens (RFC 8058 links): member id, mail kind and expiry sealed with
 * AES-256-GCM (random IV, platform/crypto/sealed-cursor.ts) under a key of their own, so a token shows
 * neither member nor kind, two tokens for the same never match, and a changed byte fails the tag.
 * Not a session: a token can only switch off one kind of notification mail for one member, which
 * is idempotent and undone in the settings; it works UNSUBSCRIBE_LINK_DAYS days.
 */
export class UnsubscribeTokens {
  private readonly sealer: CursorSealer;

  constructor(db: Db) {
    this.sealer = new CursorSealer(db, 'notification-unsubscribe-aes256');
  }

  sign(memberId: string, kind: NotificationKind): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + UNSUBSCRIBE_LINK_DAYS * DAY_SECONDS;
    return this.sealer.seal([memberId, kind, expires], CONTEXT);
  }

  /** The member and kind a live token names, or undefined when it is not one of ours or has expired. */
  async verify(token: string): Promise<{ memberId: string; kind: NotificationKind } | undefined> {
    const opened = sealed.safeParse(await this.sealer.open(token, CONTEXT));
    if (!opened.success) return undefined;
    const [memberId, kind, expires] = opened.data;
    return expires * 1000 > Date.now() ? { memberId, kind } : undefined;
  }

  /** Loads the key; call it outside any transaction (a key created in one that rolls back would seal for nobody). */
  ready(): Promise<void> {
    return this.sealer.ready();
  }
}
