import type { HouseRuleId } from '@funkeln/contracts/decisions';
import type { Tx } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import { AppError } from '../../platform/http/errors.js';
import type { SessionService } from '../auth/index.js';
import type { DecisionsService } from '../decisions/index.js';
import type { LeaderboardService } from '../leaderboard/index.js';
import type { TeamRemoval } from '../messages/index.js';
import * as repo from './admin.repo.js';

export interface Admin {
  id: string;
  email: string;
}

/** What the team's restrictions and their reversals are built from (AdminService and ObjectionsService share them). */
export interface RestrictionDeps {
  events: EventBus;
  sessions: SessionService;
  leaderboard: LeaderboardService;
  decisions: Pick<DecisionsService, 'record'>;
  teamRemoval: TeamRemoval;
}

/** Work that must wait for the commit (announcements to other processes and sockets, Top10 refresh). */
export type AfterCommit = () => Promise<void>;

/** The rule a restriction names when the admin's call gives none (the spec's routes take no body). */
export const DEFAULT_RULES = { photo: 'sexual_content', suspend: 'respect', message: 'respect' } as const satisfies Record<string, HouseRuleId>;

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });
const EXCERPT = 120;
/** The first EXCERPT characters (code points: an emoji is never cut in half). */
/** Who restricts, on which rule, and what she found (quoted in the statement). */
export interface Restrictor {
  admin: Admin;
  rule: HouseRuleId;
  facts?: string | undefined;
}

/** The statement's facts: what the team did, then what the admin found, when she wrote it. */
const withFound = (template: string, by: Restrictor) => (by.facts ? `${template} Was wir festgestellt haben: ${by.facts}` : template);

const excerpt = (words: string) => {
  const chars = Array.from(words);
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : words;
};

/**
 * In the admin's transaction: shows (enable) or hides (disable) a photo. A disable of a visible photo
 * by an admin (`by` given; a reversal passes none) comes with its statement of reasons. Answers
 * the owner's after-commit work; undefined for an unknown (or meanwhile deleted) photo.
 */
export async function setPhotoIn(
  tx: Tx,
  d: RestrictionDeps,
  photoId: string,
  action: 'enable' | 'disable',
  by?: Restrictor,
): Promise<{ owner: string; after: AfterCommit } | undefined> {
  const before = await repo.lockPhoto(tx, photoId);
  if (!before) return undefined;
  await repo.setPhotoState(tx, photoId, action);
  const owner = before.user_id;
  d.events.publishOnCommit(tx, 'users.changed', { userIds: [owner] });
  // A statement only for a photo others could see: a refused one has had its own (red team, issue 57).
  if (by && action === 'disable' && !before.disabled && before.status !== 'rejected') {
    await d.decisions.record(tx, {
      memberId: owner,
      kind: 'photo_removed',
      objectId: photoId,
      object: `Dein Foto vom ${dateFormat.format(before.created_at)}`,
      facts: withFound('Ein Mensch aus unserem Team hat das Foto geprüft und festgestellt, dass es gegen die unten genannte Regel verstößt. Es ist jetzt für niemanden außer dir zu sehen.', by),
      rule: by.rule,
      // The model had put it in the review queue (a member's report is not automated).
      automatedDetection: before.status === 'pending' && before.moderation_label !== null,
      decidedBy: by.admin,
    });
  }
  return {
    owner,
    after: async () => {
      // Which photo is the main one may have changed (the photo badge is checked against it).
      d.events.emit('photos.changed', { memberId: owner });
      await d.leaderboard.memberChanged(owner);
    },
  };
}

/** In the admin's transaction: suspends (sessions end, with a statement of reasons when `by` is given) or lifts it. */
export async function setSuspensionIn(tx: Tx, d: RestrictionDeps, memberId: string, suspended: boolean, by?: Restrictor): Promise<AfterCommit> {
  const before = await repo.lockAccount(tx, memberId);
  if (!before) throw new AppError('not_found', { params: { of: 'account' } });
  await repo.setSuspended(tx, memberId, suspended);
  d.sessions.memberChanged(tx, memberId);
  const revoked = suspended ? await d.sessions.revokeAllOf(tx, memberId) : [];
  if (by && suspended && !before.suspended) {
    await d.decisions.record(tx, {
      memberId,
      kind: 'account_suspended',
      objectId: memberId,
      object: 'Dein Funkeln-Konto',
      facts: withFound('Ein Mensch aus unserem Team hat festgestellt, dass du gegen die unten genannte Regel verstoßen hast. Solange die Sperre besteht, kannst du dich nicht anmelden, und niemand sieht dein Profil.', by),
      rule: by.rule,
      automatedDetection: false,
      decidedBy: by.admin,
    });
  }
  return async () => {
    d.sessions.announceRevoked(revoked);
    await d.leaderboard.accountChanged();
  };
}

/** In the admin's transaction: removes a message (once) with its statement to the sender. Answers whether it was removed now. */
export async function removeMessageIn(tx: Tx, d: RestrictionDeps, messageId: string, by: Restrictor): Promise<boolean> {
  const removed = await d.teamRemoval.remove(tx, messageId);
  if (!removed) return false;
  if (removed.senderId) {
    await d.decisions.record(tx, {
      memberId: removed.senderId,
      kind: 'message_removed',
      objectId: messageId,
      object: `Deine Nachricht vom ${dateFormat.format(removed.createdAt)}: „${excerpt(removed.words)}“`,
      facts: withFound('Ein Mensch aus unserem Team hat die Nachricht geprüft und festgestellt, dass sie gegen die unten genannte Regel verstößt. An ihrer Stelle steht jetzt ein Hinweis, dass das Team sie entfernt hat.', by),
      rule: by.rule,
      automatedDetection: false,
      decidedBy: by.admin,
    });
  }
  return true;
}
