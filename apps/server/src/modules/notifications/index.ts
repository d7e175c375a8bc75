// Public face of the notifications module (offline members hear of matches, messages, flirts; one-click unsubscribe): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export type { MemberNotification, NotificationChannel } from './notification.js';
export { NotificationService } from './notifications.service.js';
export { UnsubscribeService } from './unsubscribe.service.js';
export { createNotificationsModule } from './module.js';
