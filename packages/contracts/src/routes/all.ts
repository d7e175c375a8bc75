import { adminEndpoints } from './admin.js';
import type { EndpointSpec } from './define.js';
import { safetyEndpoints } from './safety.js';
import { walletEndpoints } from './wallet.js';

/** Every endpoint of the contract table (the server's registration test walks it; the web app imports per domain). */
export const allEndpoints: readonly EndpointSpec[] = [
  ...Object.values(adminEndpoints),
  ...Object.values(safetyEndpoints),
  ...Object.values(walletEndpoints),
];
