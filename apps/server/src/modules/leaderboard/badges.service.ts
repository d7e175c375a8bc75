import { describeBadge } from '@funkeln/contracts/leaderboard';
import type { Badge } from '@funkeln/contracts/profiles';
import type { Queryable } from '../../db/client.js';
import { badgesOf } from './badges.repo.js';

/**
 * Badges are awarded where the deed is recorded, by database triggers (migration 006): e-mail
 * verified, photo approved, first match, first message, 50 votes, Top10 of a month. Whatever code
 * path changes the row, the badge follows, once (primary key, ON CONFLICT DO NOTHING).
 */
export class BadgesService {
  constructor(private readonly db: Queryable) {}

  async of(memberId: string): Promise<Badge[]> {
    return (await this.ofMany([memberId])).get(memberId) ?? [];
  }

  async ofMany(memberIds: string[]): Promise<Map<string, Badge[]>> {
    const byMember = new Map<string, Badge[]>();
    if (memberIds.length === 0) return byMember;
    for (const row of await badgesOf(this.db, memberIds)) {
      const badge = describeBadge(row.kind, row.scope);
      if (!badge) continue;
      byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), badge]);
    }
    return byMember;
  }
}
