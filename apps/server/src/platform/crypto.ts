import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session and mail tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as this hash; high entropy makes a fast hash sufficient. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
