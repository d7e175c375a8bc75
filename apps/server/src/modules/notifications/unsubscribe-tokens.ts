import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathOf } from '@funkeln/contracts/routes/define';
import { notificationsEndpoints } from '@funkeln/contracts/routes/notifications';
import type { Db } from '../../db/client.js';
import { loadSecret } from '../../platform/secrets.js';
import type { NotificationKind } from './notification.js';

const KINDS: readonly NotificationKind[] = ['match', 'message', 'flirt'];
const BODY_BYTES = 17;
const MAC_BYTES = 32;

function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The unsubscribe link of a token (path and query, from the contract table): the mails' link and the page's form. */
export const unsubscribePath = (token: string): string =>
  `${pathOf(notificationsEndpoints.unsubscribe.path, {})}?${new URLSearchParams({ t: token }).toString()}`;

/**
 * One-click unsubscribe tokens (RFC 8058 links): the member id (16 bytes) and the mail kind (1 byte)
 * with an HMAC-SHA256 over both under a key of their own. Not a session: a token can only switch
 * off one kind of notification mail for one member, which is idempotent and undone in the settings.
 */
export class UnsubscribeTokens {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Db) {}

  async sign(userId: string, kind: NotificationKind): Promise<string> {
    const body = Buffer.concat([Buffer.from(userId.replaceAll('-', ''), 'hex'), Buffer.of(KINDS.indexOf(kind))]);
    return Buffer.concat([body, await this.mac(body)]).toString('base64url');
  }

  /** The member and kind a token names, or undefined when it is not exactly one of ours. */
  async verify(token: string): Promise<{ userId: string; kind: NotificationKind } | undefined> {
    const raw = Buffer.from(token, 'base64url');
    // Base64 ignores stray bits and characters: only the canonical spelling of our bytes counts.
    if (raw.length !== BODY_BYTES + MAC_BYTES || raw.toString('base64url') !== token) return undefined;
    const body = raw.subarray(0, BODY_BYTES);
    const kind = KINDS[body[16]!];
    if (!kind || !timingSafeEqual(raw.subarray(BODY_BYTES), await this.mac(body))) return undefined;
    return { userId: uuidFromHex(body.subarray(0, 16).toString('hex')), kind };
  }

  /** Loads the key; call it outside any transaction (a key created in one that rolls back would sign for nobody). */
  async ready(): Promise<void> {
    await this.loadKey();
  }

  private async mac(body: Buffer): Promise<Buffer> {
    return createHmac('sha256', await this.loadKey()).update(body).digest();
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= loadSecret(this.db, 'notification-unsubscribe').catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }
}
