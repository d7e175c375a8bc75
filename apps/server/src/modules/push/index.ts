// Public face of the push module (Web Push subscriptions, outbox and sender): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { PushChannel } from './push-channel.js';
export { PushSender } from './push-sender.js';
export { PUSH_FAILED_RETENTION_DAYS, PUSH_SENT_RETENTION_DAYS } from './retention.js';
export { PushService } from './push.service.js';
export { createPushModule } from './module.js';
