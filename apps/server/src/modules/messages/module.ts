import type { CursorSealer } from '../../platform/crypto/sealed-cursor.js';
import { type AppModule, type Platform, stopOnly } from '../../platform/module.js';
import type { BlocksService } from '../blocks/index.js';
import type { PhotosService } from '../photos/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Ledger, RewardsService } from '../wallet/index.js';
import { ComposeService } from './compose.service.js';
import { EscrowService } from './escrows.service.js';
import { MessagesService } from './messages.service.js';
import { messagesRoutes } from './messages.routes.js';
import { ReadStateService } from './read-state.service.js';
import { TeamRemoval } from './team-removal.js';

export interface MessagesModuleDeps extends Pick<Platform, 'db' | 'events' | 'eventOutbox' | 'limiter' | 'log' | 'schedule'> {
  ledger: Ledger;
  /** The rewards the composer offers when the credits fall short. */
  rewards: Pick<RewardsService, 'status'>;
  settings: SettingsService;
  photos: PhotosService;
  cursors: CursorSealer;
  blocks: BlocksService;
}

export interface MessagesServices {
  escrows: EscrowService;
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
  teamRemoval: TeamRemoval;
}

/**
 * Messages, conversations and prepaid replies. Its job refunds expired prepaid replies and prunes
 * old idempotency keys, every minute (once across the cluster).
 */
export function createMessagesModule({ db, events, eventOutbox, limiter, log, schedule, ledger, rewards, settings, photos, cursors, blocks }: MessagesModuleDeps): AppModule<MessagesServices> {
  const escrows = new EscrowService(db, ledger);
  const readState = new ReadStateService(db, events, limiter, log);
  const messages = new MessagesService({ db, ledger, escrows, settings, photos, events, eventOutbox, cursors, readState, blocks });
  // Realtime is best effort: the first dispatch, in the process that stored the message (a client catches up on reconnect).
  eventOutbox.on('message.created', ({ messageId }, { memo }) => messages.announce(messageId, memo), { firstAttemptOnly: true });
  const services: MessagesServices = { escrows, messages, readState, compose: new ComposeService({ db, ledger, rewards, settings, blocks }), teamRemoval: new TeamRemoval() };
  const expiry = schedule('escrow-expiry', 60_000, async () => {
    await escrows.refundExpired();
    await escrows.pruneIdempotencyKeys();
  });
  // At shutdown the unread counts pushed after answers finish before the database closes.
  return { routes: messagesRoutes(services), services, jobs: [expiry, stopOnly(() => readState.idle())] };
}
