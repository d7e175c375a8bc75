import { describe, expect, it } from 'vitest';
import { planEntries, planVotes } from './demo-activity.js';
import { createRng } from './random.js';

describe('planVotes', () => {
  it('gives every entry a vote, also with few demo members, in every month', () => {
    // 40 members (the integration test's count): one member's entries in several categories took
    // disjoint slices of 39 voters, and in some months the last entry's slice was empty (2026-12).
    const ids = Array.from({ length: 40 }, (_, i) => `member-${i}`);
    const competitors = ids.map((memberId) => ({ memberId, photoId: `photo-${memberId}` }));
    const entries = planEntries(createRng(20_240_611), ids);
    for (let month = 0; month < 60; month++) {
      const votes = planVotes(createRng(20_240_611 ^ (202601 + month)), entries, competitors, new Date(0), new Date(86_400_000));
      const voted = new Set(votes.map((v) => `${v.ownerId} ${v.category}`));
      expect(entries.filter((e) => !voted.has(`${e.memberId} ${e.category}`)), `month ${month}`).toEqual([]);
      const once = new Set(votes.map((v) => `${v.voterId} ${v.photoId}`));
      expect(once.size, 'a voter votes for a photo once').toBe(votes.length);
    }
  });
});
