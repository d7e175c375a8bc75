// Public face of the wallet module (ledger, rewards, premium, credit packs, payment providers): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { balanceMovedBy, insufficientCredits, Ledger, type Posting, SYSTEM_ACCOUNTS } from './ledger.service.js';
export type { Payments } from './payment-provider.js';
export { PurchasesService } from './purchases.service.js';
export { RewardsService } from './rewards.service.js';
export { WalletService } from './wallet.service.js';
export { createWalletModule } from './module.js';
