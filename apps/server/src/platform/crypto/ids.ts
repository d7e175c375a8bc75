import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then 74 random bits. Rows
 * keyed by it are appended at the right edge of their primary key's B-tree instead of at a random
 * leaf, so a busy table's inserts dirty a few index pages, not one random page each (on
 * PostgreSQL, each first change to a page after a checkpoint writes the whole 8 KB page to the
 * WAL). For ids whose creation time the member may know anyway: the id tells it to the millisecond.
 */
export function timeOrderedId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // variant 10
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
