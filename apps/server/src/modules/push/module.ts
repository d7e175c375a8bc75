import type { AppModule, Platform } from '../../platform/module.js';
import type { NotificationService } from '../notifications/index.js';
import { PushChannel } from './push-channel.js';
import { PushSender } from './push-sender.js';
import { pushRoutes } from './push.routes.js';
import { PushService } from './push.service.js';
import { VapidKeys } from './vapid.js';

export interface PushModuleDeps extends Pick<Platform, 'config' | 'db' | 'log' | 'metrics'> {
  /** Push registers its channel here. */
  notifications: NotificationService;
  /** A certificate to trust besides the system's (tests: their local push service's). */
  ca?: string | undefined;
}

export interface PushServices {
  push: PushService;
  pushChannel: PushChannel;
  pushSender: PushSender;
}

/** Web Push: devices opt in (push), notifications queue per device (pushChannel), the sender job drains them. */
export function createPushModule({ config, db, log, metrics, notifications, ca }: PushModuleDeps): AppModule<PushServices> {
  const vapid = new VapidKeys(db, config.vapid);
  const endpoints = { allowPrivate: config.pushAllowPrivateEndpoints };
  const pushSender = new PushSender({ db, vapid, log, metrics, endpoints, ca, leaseSeconds: config.mailLeaseSeconds });
  const pushChannel = new PushChannel(db, () => pushSender.kick());
  notifications.register(pushChannel);
  const push = new PushService(db, vapid, endpoints);
  return { routes: pushRoutes(push), services: { push, pushChannel, pushSender }, jobs: [pushSender] };
}
