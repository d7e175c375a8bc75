import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { loadSecret } from '../../platform/secrets.js';

export type PhotoSize = 'large' | 'thumb' | 'blur';
/** public: served only while the photo is approved; owner: the owner's (or an admin's) own view. */
export type PhotoScope = 'public' | 'owner';

const BUCKET_SECONDS = 300;

/**
 * Short-lived signed photo links: HMAC-SHA256 over photo id, size, scope and expiry. Expiries are
 * rounded up to 5-minute buckets so the same photo keeps the same URL for a while (browser cache).
 */
export class PhotoUrlSigner {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async sign(photoId: string, size: PhotoSize, scope: PhotoScope, ttlSeconds: number, base = ''): Promise<string> {
    const earliest = Math.floor(this.now() / 1000) + ttlSeconds;
    const exp = Math.ceil(earliest / BUCKET_SECONDS) * BUCKET_SECONDS;
    const sig = await this.mac(photoId, size, scope, exp);
    return `${base}/api/photos/${photoId}/${size}?scope=${scope}&exp=${exp}&sig=${sig}`;
  }

  /** True when sig is ours for exactly these values and exp has not passed. */
  async verify(photoId: string, size: PhotoSize, scope: PhotoScope, exp: number, sig: string): Promise<boolean> {
    if (exp * 1000 <= this.now()) return false;
    const expected = Buffer.from(await this.mac(photoId, size, scope, exp), 'base64url');
    const given = Buffer.from(sig, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Seconds until exp, for Cache-Control. */
  remaining(exp: number): number {
    return Math.max(0, exp - Math.floor(this.now() / 1000));
  }

  private async mac(photoId: string, size: PhotoSize, scope: PhotoScope, exp: number): Promise<string> {
    this.key ??= loadSecret(this.db, 'photo_url_hmac');
    return createHmac('sha256', await this.key).update(`${photoId}\n${size}\n${scope}\n${exp}`).digest('base64url');
  }
}
