import { createHmac } from 'node:crypto';
import { pathOf } from '@funkeln/contracts/routes/define';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { loadSecret } from '../../platform/crypto/secrets.js';
import type { PhotoUrlSigner } from '../photos/index.js';

const SIZE = 48;
const BLOBS = 3;
const GROUND_WEIGHT = 0.15;
const LINK_TTL = 30 * 60;
const CACHED = 1000;

const imagePath = (flirtId: string) => pathOf(swipesEndpoints.flirtImage.path, { flirtId });
const linkInvalid = () => new AppError('invalid_link');

/** A byte of the seed as a colour channel between 64 and 216: no black, no glaring white. */
const channel = (byte: number) => 64 + Math.round((byte * 152) / 255);

/**
 * Soft colour blobs on a tinted ground, every number taken from `seed`: 32 bytes give a ground
 * colour and three blobs (colour, centre, radius), mixed by Gaussian weights, RGB rows.
 */
function paintBlobs(seed: Buffer): Buffer {
  const at = (i: number) => seed[i] ?? 0;
  const blobs = Array.from({ length: BLOBS }, (_, b) => {
    const o = 2 + b * 6;
    return {
      rgb: [channel(at(o)), channel(at(o + 1)), channel(at(o + 2))] as const,
      x: (at(o + 3) / 255) * SIZE,
      y: (at(o + 4) / 255) * SIZE,
      spread: 2 * (10 + (at(o + 5) % 14)) ** 2,
    };
  });
  const ground = [channel(at(20)), channel(at(21)), channel(at(22))] as const;
  const out = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let [r, g, b] = ground.map((c) => c * GROUND_WEIGHT) as [number, number, number];
      let total = GROUND_WEIGHT;
      for (const blob of blobs) {
        const w = Math.exp(-((x - blob.x) ** 2 + (y - blob.y) ** 2) / blob.spread);
        total += w;
        r += w * blob.rgb[0];
        g += w * blob.rgb[1];
        b += w * blob.rgb[2];
      }
      out.set([r / total, g / total, b / total].map(Math.round), (y * SIZE + x) * 3);
    }
  }
  return out;
}

/**
 * The picture of an anonymous flirt. It is drawn from an HMAC of the flirt's id under a server
 * secret, never from the sender's photo: it carries nothing of the sender, differs from flirt to
 * flirt, and stays the same for one flirt across processes (the secret is in app_secrets).
 */
export class FlirtImages {
  private key: Promise<Buffer> | undefined;
  private readonly cache = new LRUCache<string, Buffer>({ max: CACHED });

  constructor(
    private readonly db: Db,
    private readonly urls: PhotoUrlSigner,
  ) {}

  /** The signed link to the flirt's picture; it names the flirt alone. */
  link(flirtId: string): Promise<string> {
    return this.urls.signPath(imagePath(flirtId), LINK_TTL);
  }

  /** 403 unless the link is ours, for this flirt and current; else seconds until it expires. */
  async check(flirtId: string, exp: number, sig: string): Promise<number> {
    if (!(await this.urls.verifyPath(imagePath(flirtId), exp, sig))) throw linkInvalid();
    return this.urls.remaining(exp);
  }

  /** The 48 px JPEG of the flirt. */
  async render(flirtId: string): Promise<Buffer> {
    const cached = this.cache.get(flirtId);
    if (cached) return cached;
    this.key ??= loadSecret(this.db, 'flirt_image_hmac');
    const seed = createHmac('sha256', await this.key).update(flirtId).digest();
    const image = await sharp(paintBlobs(seed), { raw: { width: SIZE, height: SIZE, channels: 3 } }).jpeg({ quality: 60 }).toBuffer();
    this.cache.set(flirtId, image);
    return image;
  }
}
