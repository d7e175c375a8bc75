import type { AppModule, Platform } from '../../platform/module.js';
import { stopOnly } from '../../platform/module.js';
import type { SettingsService } from '../settings/index.js';
import { EmailChannel } from './email-channel.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationService } from './notifications.service.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';
import { UnsubscribeService } from './unsubscribe.service.js';

export interface NotificationsModuleDeps extends Pick<Platform, 'config' | 'db' | 'events' | 'eventOutbox' | 'log'> {
  settings: SettingsService;
}

/**
 * Tells offline members of a new match, message or flirt through every registered channel (e-mail
 * here; other modules register theirs, e.g. push); one-click unsubscribe from the mails (RFC 8058).
 */
export function createNotificationsModule({ config, db, events, eventOutbox, log, settings }: NotificationsModuleDeps): AppModule<{
  notifications: NotificationService;
  unsubscribes: UnsubscribeService;
}> {
  const tokens = new UnsubscribeTokens(db);
  const notifications = new NotificationService(db, events, eventOutbox, log);
  notifications.register(new EmailChannel({ db, settings, tokens, events, publicUrl: config.publicUrl }));
  const unsubscribes = new UnsubscribeService(db, tokens, events);
  return {
    routes: notificationsRoutes(unsubscribes),
    services: { notifications, unsubscribes },
    // Delivery hears the event outbox from creation on; at shutdown this finishes clearing marks (the outbox stops on its own).
    jobs: [stopOnly(() => notifications.close())],
  };
}
