import type { CursorSealer } from '../../platform/sealed-cursor.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../accounts/index.js';
import type { PhotosService } from '../photos/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Ledger } from '../wallet/index.js';
import { ComposeService } from './compose.service.js';
import { EscrowService } from './escrows.service.js';
import { MessagesService } from './messages.service.js';
import { messagingRoutes } from './messaging.routes.js';
import { ReadStateService } from './read-state.service.js';

export interface MessagingModuleDeps extends Pick<Platform, 'db' | 'events' | 'limiter' | 'schedule'> {
  ledger: Ledger;
  settings: SettingsService;
  photos: PhotosService;
  cursors: CursorSealer;
  sessions: SessionService;
}

export interface MessagingServices {
  escrows: EscrowService;
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
}

/**
 * Messages, conversations and prepaid replies. Its job refunds expired prepaid replies and prunes
 * old idempotency keys, every minute (once across the cluster).
 */
export function createMessagingModule({ db, events, limiter, schedule, ledger, settings, photos, cursors, sessions }: MessagingModuleDeps): AppModule<MessagingServices> {
  const escrows = new EscrowService(db, ledger);
  const readState = new ReadStateService(db, events, limiter);
  const messages = new MessagesService({ db, ledger, escrows, settings, photos, events, limiter, cursors, readState });
  const services: MessagingServices = { escrows, messages, readState, compose: new ComposeService(db, ledger, settings) };
  const expiry = schedule('escrow-expiry', 60_000, async () => {
    await escrows.refundExpired();
    await escrows.pruneIdempotencyKeys();
  });
  return { routes: messagingRoutes(services, sessions), services, jobs: [expiry] };
}
