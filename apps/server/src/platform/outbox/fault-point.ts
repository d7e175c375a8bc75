import type { SenderLog } from './outbox-worker.js';

/**
 * Tests only (FAULT_POINT, refused in production by the config): at the point, says so in the log
 * and never returns, so that a crash test can kill the process exactly there.
 */
export function haltAt(point: string, log: SenderLog): () => Promise<void> {
  return () => {
    log.error({ faultPoint: point }, 'fault point reached: waiting to be killed');
    return new Promise<void>(() => undefined);
  };
}
