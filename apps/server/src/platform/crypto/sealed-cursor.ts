import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { loadSecret } from './secrets.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Plaintexts are padded to a multiple of this, so a token's length does not tell how big its numbers are. */
const PAD_TO = 32;

/**
 * An opaque paging token: `value` as JSON, sealed with AES-256-GCM (random IV) under `key`.
 * `context` (e.g. the purpose and the member's id) is bound as associated data, so the token
 * opens only in that same context.
 */
export function sealCursor(key: Buffer | KeyObject, value: unknown, context: string): string {
  const json = Buffer.from(JSON.stringify(value));
  const plain = Buffer.alloc(Math.ceil(json.length / PAD_TO) * PAD_TO, ' '); // JSON.parse ignores trailing spaces
  json.copy(plain);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return sealed.toString('base64url');
}

/** The sealed value, or undefined for a token this key did not seal in this context (tampered, foreign, garbage). */
export function openCursor(key: Buffer | KeyObject, token: string, context: string): unknown {
  const sealed = Buffer.from(token, 'base64url');
  if (sealed.length <= IV_BYTES + TAG_BYTES || sealed.toString('base64url') !== token) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(Buffer.from(context));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * sealCursor/openCursor under a server key (the paging cursors' unless another secret is named):
 * 32 random bytes kept in `app_secrets`, so every process (and every restart) opens the tokens
 * the others sealed.
 */
export class CursorSealer {
  /** Imported once (a raw key is imported again by every cipher made with it). */
  private key: Promise<KeyObject> | undefined;

  constructor(
    private readonly db: Db,
    private readonly secretName = 'cursor_aes256',
  ) {}

  /** Loads the key; call it outside any transaction (a key created in one that rolls back would seal for nobody). */
  async ready(): Promise<void> {
    await this.loadKey();
  }

  async seal(value: unknown, context: string): Promise<string> {
    return sealCursor(await this.loadKey(), value, context);
  }

  async open(token: string, context: string): Promise<unknown> {
    return openCursor(await this.loadKey(), token, context);
  }

  private loadKey(): Promise<KeyObject> {
    this.key ??= loadSecret(this.db, this.secretName).then(createSecretKey, (err: unknown) => {
      this.key = undefined; // a failed read (database away) is tried again next time
      throw err;
    });
    return this.key;
  }
}
