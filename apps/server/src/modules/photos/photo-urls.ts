import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { pathOf } from '@funkeln/contracts/routes/define';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import type { Db } from '../../db/client.js';
import { loadSecret } from '../../platform/crypto/secrets.js';

export type PhotoSize = 'large' | 'thumb';
/** public: served only while the photo is approved; owner: the owner's (or an admin's) own view. */
export type PhotoScope = 'public' | 'owner';

const BUCKET_SECONDS = 300;

/**
 * Signatures kept per process. Within a 5-minute bucket a photo's link is the same for every
 * viewer, and a feed page signs ~6 per card (the gallery): ~120 HMACs per page, a fifth of the
 * server thread's time for a first page when many members open the app at once. The key never
 * changes while the process runs, so a remembered signature is exactly the one computed again.
 */
const REMEMBERED_SIGNATURES = 50_000;

/**
 * Short-lived signed links: HMAC-SHA256 over photo id, size, scope and expiry, or over a path that
 * names no photo (a flirt's blurred thumbnail). Expiries are rounded up to 5-minute buckets so the
 * same image keeps the same URL for a while (browser cache).
 */
export class PhotoUrlSigner {
  private key: Promise<Buffer> | undefined;
  private readonly signatures = new LRUCache<string, string>({ max: REMEMBERED_SIGNATURES });
  /**
   * Whole photo links (path, scope, expiry, signature) per bucket (size, scope and expiry) by photo
   * id: a page's links without building them again. A plain map per bucket, keyed by the ids the
   * rows already hold (an LRU keyed by a message built per link cost ~1 µs a link, a tenth of a
   * first page); a bucket goes once its links have expired, and holds at most
   * REMEMBERED_SIGNATURES links.
   */
  private readonly links = new Map<string, { exp: number; byPhoto: Map<string, string> }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async sign(photoId: string, size: PhotoSize, scope: PhotoScope, ttlSeconds: number, base = ''): Promise<string> {
    const [link] = await this.signAll([photoId], size, scope, ttlSeconds, base);
    return link!;
  }

  /**
   * The links of many photos at once: one wait for the key, then plain calls (a feed deck of 100
   * cards signs ~600 links: 0.72 ms instead of 1.04-1.19 ms with a promise per link).
   */
  async signAll(photoIds: readonly string[], size: PhotoSize, scope: PhotoScope, ttlSeconds: number, base = ''): Promise<string[]> {
    const key = await this.loadKey();
    const exp = this.expiry(ttlSeconds);
    const links = this.linksOf(size, scope, exp);
    return photoIds.map((id) => {
      let link = links.get(id);
      if (link === undefined) {
        link = `${pathOf(photosEndpoints.file.path, { id, size })}?scope=${scope}&exp=${exp}&sig=${this.mac(key, `${id}\n${size}\n${scope}\n${exp}`)}`;
        if (links.size < REMEMBERED_SIGNATURES) links.set(id, link);
      }
      return base + link;
    });
  }

  /** The kept links of one bucket; a new bucket first drops those whose links have expired. */
  private linksOf(size: PhotoSize, scope: PhotoScope, exp: number): Map<string, string> {
    const name = `${size}\n${scope}\n${exp}`;
    const kept = this.links.get(name);
    if (kept) return kept.byPhoto;
    const nowSeconds = Math.floor(this.now() / 1000);
    for (const [old, bucket] of this.links) if (bucket.exp <= nowSeconds) this.links.delete(old);
    const byPhoto = new Map<string, string>();
    this.links.set(name, { exp, byPhoto });
    return byPhoto;
  }

  /** True when sig is ours for exactly these values and exp has not passed. */
  verify(photoId: string, size: PhotoSize, scope: PhotoScope, exp: number, sig: string): Promise<boolean> {
    return this.check(`${photoId}\n${size}\n${scope}\n${exp}`, exp, sig);
  }

  /**
   * `path` (an absolute path, never a photo id: those messages start with a UUID) with exp and sig.
   * `bound`: values the signature also covers without the link showing them (a share key, a photo
   * id): the link verifies only while they stay the same.
   */
  async signPath(path: string, ttlSeconds: number, bound?: string): Promise<string> {
    const exp = this.expiry(ttlSeconds);
    return `${path}?exp=${exp}&sig=${this.mac(await this.loadKey(), pathMessage(path, exp, bound))}`;
  }

  verifyPath(path: string, exp: number, sig: string, bound?: string): Promise<boolean> {
    return this.check(pathMessage(path, exp, bound), exp, sig);
  }

  /** Seconds until exp, for Cache-Control. */
  remaining(exp: number): number {
    return Math.max(0, exp - Math.floor(this.now() / 1000));
  }

  private expiry(ttlSeconds: number): number {
    return Math.ceil((Math.floor(this.now() / 1000) + ttlSeconds) / BUCKET_SECONDS) * BUCKET_SECONDS;
  }

  private async check(message: string, exp: number, sig: string): Promise<boolean> {
    if (exp * 1000 <= this.now()) return false;
    // The signature's text is compared, not its decoded bytes: base64url decoding skips junk and the
    // unused low bits of the last digit, so several spellings would decode to one signature.
    const expected = Buffer.from(this.mac(await this.loadKey(), message, false));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= loadSecret(this.db, 'photo_url_hmac');
    return this.key;
  }

  /** `remember`: keep a new signature for the next link; a check (values from the request, any caller's) only reads the kept ones. */
  private mac(key: Buffer, message: string, remember = true): string {
    const kept = this.signatures.get(message);
    if (kept !== undefined) return kept;
    const sig = createHmac('sha256', key).update(message).digest('base64url');
    if (remember) this.signatures.set(message, sig);
    return sig;
  }
}

/** A path link's signed message; with bound values between path and expiry (a path has no newline). */
function pathMessage(path: string, exp: number, bound: string | undefined): string {
  return bound === undefined ? `${path}\n${exp}` : `${path}\n${bound}\n${exp}`;
}
