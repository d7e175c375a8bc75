import { createECDH, createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session and mail tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The P-256 public key (uncompressed point, base64url) of a private key (base64url); throws for a bad key. */
export function p256PublicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/** Tokens are stored only as this hash; high entropy makes a fast hash sufficient. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
