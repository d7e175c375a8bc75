// Public face of the messages module (messages, conversations, prepaid replies): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { ComposeService } from './compose.service.js';
export { EscrowService } from './escrows.service.js';
export { MessagesService } from './messages.service.js';
export { PatternFlagsService } from './pattern-flags.service.js';
export { ReadStateService } from './read-state.service.js';
export { TeamRemoval } from './team-removal.js';
export { createMessagesModule } from './module.js';
