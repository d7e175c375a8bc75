import { PassThrough, type Readable } from 'node:stream';
import type { CompanionStreamEvent } from '@funkeln/contracts/companion';
import { AppError } from '../../platform/errors.js';
import type { PreparedMessage } from './companion.service.js';

/**
 * The reply of a prepared message as newline-delimited JSON events: each piece as the model writes
 * it, then the booked answer, or the error (its German message) when the reply broke off.
 */
export function streamReply(prepared: PreparedMessage, log: { error(obj: object, msg: string): void }): Readable {
  const out = new PassThrough();
  const send = (event: CompanionStreamEvent) => out.write(`${JSON.stringify(event)}\n`);
  const delivered = 'stored' in prepared ? Promise.resolve(prepared.stored) : prepared.deliver((text) => send({ type: 'delta', text }));
  delivered
    .then(
      (answer) => send({ type: 'done', ...answer }),
      (err: unknown) => {
        if (err instanceof AppError) return send({ type: 'error', error: err.code, message: err.message });
        log.error({ err }, 'companion stream failed');
        const internal = new AppError('internal_error');
        return send({ type: 'error', error: internal.code, message: internal.message });
      },
    )
    .finally(() => out.end());
  return out;
}
