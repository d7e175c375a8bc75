// What the daily cleanup keeps and how often it runs: stated on the Datenschutz page (legal reads them through the face).

/** How often the cleanup runs (stated on the Datenschutz page as 'täglich'). */
export const CLEANUP_INTERVAL_MS = 86_400_000;

/** Used mail tokens are kept this long (for support questions), then pruned. */
export const USED_TOKEN_RETENTION_DAYS = 7;
