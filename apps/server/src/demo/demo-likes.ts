import { createHash } from 'node:crypto';

/**
 * Whether a demo member answers a member's like at once (so a new member on a demo instance can get
 * a match): about one like in three, decided per pair, so the same like always gets the same answer.
 */
export function demoLikesBack(memberId: string, demoId: string): boolean {
  return createHash('sha256').update(`${demoId}:${memberId}`).digest().readUInt32BE(0) % 3 === 0;
}
