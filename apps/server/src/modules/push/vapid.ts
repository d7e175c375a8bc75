import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loadSecret } from '../../platform/secrets.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The P-256 public key (uncompressed point, base64url) that belongs to a private key. */
export function vapidPublicKeyOf(privateKey: Buffer): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The server's VAPID identity: from the environment, or a key pair created on the first start and
 * kept in app_secrets, so every process signs with the same key and subscriptions survive restarts.
 */
export async function loadVapid(db: Db, config: Config['vapid']): Promise<VapidDetails> {
  if (config.keys) {
    if (vapidPublicKeyOf(Buffer.from(config.keys.privateKey, 'base64url')) !== config.keys.publicKey) {
      throw new Error('VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY');
    }
    return { subject: config.subject, ...config.keys };
  }
  const privateKey = await loadSecret(db, 'vapid-private-key', () => webpush.generateVAPIDKeys().privateKey);
  return { subject: config.subject, publicKey: vapidPublicKeyOf(privateKey), privateKey: privateKey.toString('base64url') };
}

/** Loads the keys once per process (again after a failed load). */
export class VapidKeys {
  private loading: Promise<VapidDetails> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config['vapid'],
  ) {}

  get(): Promise<VapidDetails> {
    this.loading ??= loadVapid(this.db, this.config).catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }
}
