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
import { PatternFlagsService } from './pattern-flags.service.js';
import { ReadStateService } from './read-state.service.js';
import { TeamRemoval } from './team-removal.js';
import { MessageScreening } from './screening/message-screening.js';

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
  patternFlags: PatternFlagsService;
}

/** Sightings older than a day and flags dismissed 30 days ago go, hourly (docs/SAFETY.md). */
const PATTERN_PRUNE_MS = 60 * 60_000;

/**
 * Messages, conversations and prepaid replies, with their screening (docs/SAFETY.md). Its jobs
 * refund expired prepaid replies and prune old idempotency keys, every minute, and prune the
 * pattern counts hourly (each once across the cluster).
 */
export function createMessagesModule({ db, events, eventOutbox, limiter, log, schedule, ledger, rewards, settings, photos, cursors, blocks }: MessagesModuleDeps): AppModule<MessagesServices> {
  const escrows = new EscrowService(db, ledger);
  const readState = new ReadStateService(db, events, limiter, log);
  const screening = new MessageScreening(settings);
  const messages = new MessagesService({ db, ledger, escrows, settings, photos, events, eventOutbox, cursors, readState, blocks, screening });
  const patternFlags = new PatternFlagsService(db, settings, events);
  // Realtime is best effort: the first dispatch, in the process that stored the message (a client catches up on reconnect).
  eventOutbox.on('message.created', ({ messageId }, { memo }) => messages.announce(messageId, memo), { firstAttemptOnly: true });
  // Patterns across recipients are counted durably (a redelivery counts the same sighting once).
  eventOutbox.on('message.created', ({ messageId, senderId, recipientId }, { memo }) => messages.countPatterns(patternFlags, messageId, senderId, recipientId, memo));
  const services: MessagesServices = { escrows, messages, readState, compose: new ComposeService({ db, ledger, rewards, settings, blocks }), patternFlags, teamRemoval: new TeamRemoval() };
  const expiry = schedule('escrow-expiry', 60_000, async () => {
    await escrows.refundExpired();
    await escrows.pruneIdempotencyKeys();
  });
  // At shutdown the unread counts pushed after answers finish before the database closes.
  const prune = schedule('message-pattern-prune', PATTERN_PRUNE_MS, () => patternFlags.prune());
  return { routes: messagesRoutes(services), services, jobs: [expiry, prune, stopOnly(() => readState.idle())] };
}
