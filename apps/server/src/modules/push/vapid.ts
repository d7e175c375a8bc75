import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { p256PublicKeyOf } from '../../platform/crypto/crypto.js';
import { loadSecret } from '../../platform/crypto/secrets.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID identity: from the environment (config checked the pair), or a key pair
 * created on the first start and kept in app_secrets, so every process signs with the same key
 * and subscriptions survive restarts.
 */
export async function loadVapid(db: Db, config: Config['vapid']): Promise<VapidDetails> {
  if (config.keys) return { subject: config.subject, ...config.keys };
  const privateKey = (await loadSecret(db, 'vapid-private-key', () => webpush.generateVAPIDKeys().privateKey)).toString('base64url');
  return { subject: config.subject, publicKey: p256PublicKeyOf(privateKey), privateKey };
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
