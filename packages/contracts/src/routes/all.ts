import { accountEndpoints } from './account.js';
import { adminEndpoints } from './admin.js';
import { authEndpoints } from './auth.js';
import { blocksEndpoints } from './blocks.js';
import { companionEndpoints } from './companion.js';
import { dateSharesEndpoints } from './date-shares.js';
import { decisionsEndpoints } from './decisions.js';
import type { EndpointSpec } from './define.js';
import { devmailEndpoints } from './devmail.js';
import { feedEndpoints } from './feed.js';
import { healthEndpoints } from './health.js';
import { leaderboardEndpoints } from './leaderboard.js';
import { legalEndpoints } from './legal.js';
import { messagesEndpoints } from './messages.js';
import { metricsEndpoints } from './metrics.js';
import { notificationsEndpoints } from './notifications.js';
import { photosEndpoints } from './photos.js';
import { placesEndpoints } from './places.js';
import { privacyEndpoints } from './privacy.js';
import { profilesEndpoints } from './profiles.js';
import { pushEndpoints } from './push.js';
import { safetyEndpoints } from './safety.js';
import { swipesEndpoints } from './swipes.js';
import { verificationEndpoints } from './verification.js';
import { walletEndpoints } from './wallet.js';

/** Every endpoint of the contract table (the server's registration test walks it; the web app imports per domain). */
export const allEndpoints: readonly EndpointSpec[] = [
  ...Object.values(accountEndpoints),
  ...Object.values(adminEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(blocksEndpoints),
  ...Object.values(companionEndpoints),
  ...Object.values(dateSharesEndpoints),
  ...Object.values(decisionsEndpoints),
  ...Object.values(devmailEndpoints),
  ...Object.values(feedEndpoints),
  ...Object.values(healthEndpoints),
  ...Object.values(leaderboardEndpoints),
  ...Object.values(legalEndpoints),
  ...Object.values(messagesEndpoints),
  ...Object.values(metricsEndpoints),
  ...Object.values(notificationsEndpoints),
  ...Object.values(photosEndpoints),
  ...Object.values(placesEndpoints),
  ...Object.values(privacyEndpoints),
  ...Object.values(profilesEndpoints),
  ...Object.values(pushEndpoints),
  ...Object.values(safetyEndpoints),
  ...Object.values(swipesEndpoints),
  ...Object.values(verificationEndpoints),
  ...Object.values(walletEndpoints),
];
