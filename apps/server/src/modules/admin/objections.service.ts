import type { AdminObjection, ObjectionDecisionBody } from '@funkeln/contracts/decisions';
import { reversalLabels } from '@funkeln/contracts/decisions';
import type { Db, Tx } from '../../db/client.js';
import type { DecidedObjection, DecisionsService } from '../decisions/index.js';
import type { PhotosService } from '../photos/index.js';
import type { FaceVerificationService } from '../verification/index.js';
import { type Admin, type AfterCommit, type RestrictionDeps, setPhotoIn, setSuspensionIn } from './restrictions.js';

export interface ObjectionsServiceDeps extends RestrictionDeps {
  db: Db;
  decisions: DecisionsService;
  photos: Pick<PhotosService, 'moderationThumb'>;
  verification: Pick<FaceVerificationService, 'grantAfterObjection'>;
}

const photoKinds = new Set(['photo_refused_auto', 'photo_removed']);

/**
 * The admin queue of objections (DSA Art. 20): a person decides each once, upholding the restriction
 * or reversing it through the same steps an admin's own action takes; the answer is mailed in the
 * same transaction. The automatic checks never decide here.
 */
export class ObjectionsService {
  constructor(private readonly d: ObjectionsServiceDeps) {}

  async queue(): Promise<AdminObjection[]> {
    const items = await this.d.decisions.objections();
    return Promise.all(
      items.map(async (o) => ({
        id: o.id,
        member: o.member,
        statement: o.statement,
        thumbUrl: photoKinds.has(o.kind) ? await this.d.photos.moderationThumb(o.objectId) : null,
        reversal: reversalLabels[o.kind],
      })),
    );
  }

  async decide(admin: Admin, objectionId: string, body: ObjectionDecisionBody): Promise<void> {
    const reverse = body.outcome === 'reverse';
    const after = await this.d.db.transaction(async (tx) => {
      const decided = await this.d.decisions.decide(tx, admin, objectionId, reverse, body.answer);
      return reverse ? this.reverse(tx, decided) : undefined;
    });
    await after?.();
  }

  /** Lifts the restriction: a photo shown again, the suspension lifted, the words restored, the badge given. */
  private async reverse(tx: Tx, o: DecidedObjection): Promise<AfterCommit | undefined> {
    switch (o.kind) {
      case 'photo_refused_auto':
      case 'photo_removed':
        // A photo the member deleted meanwhile stays deleted.
        return (await setPhotoIn(tx, this.d, o.objectId, 'enable'))?.after;
      case 'account_suspended':
        return setSuspensionIn(tx, this.d, o.memberId, false);
      case 'message_removed':
        await this.d.teamRemoval.restore(tx, o.objectId);
        return undefined;
      case 'verification_refused':
        await this.d.verification.grantAfterObjection(tx, o.objectId);
        return undefined;
    }
  }
}
