import { PassThrough, type Readable } from 'node:stream';
import type { CompanionStreamEvent } from '@funkeln/contracts/companion';
import { AppError, type FailureLog, logFailure } from '../../platform/http/errors.js';
import type { PreparedMessage } from './companion.service.js';

const UNAVAILABLE = new AppError('unavailable');
const INTERNAL = new AppError('internal_error');
const errorEvent = (err: AppError): CompanionStreamEvent => ({ type: 'error', error: err.code, message: err.message });

/**
 * The reply of a prepared message as newline-delimited JSON events: each piece as the model writes
 * it, then the booked answer, or the error (its German message) when the reply broke off.
 */
export function streamReply(prepared: PreparedMessage, log: FailureLog): Readable {
  const out = new PassThrough();
  const send = (event: CompanionStreamEvent) => out.write(`${JSON.stringify(event)}\n`);
  const delivered = 'stored' in prepared ? Promise.resolve(prepared.stored) : prepared.deliver((text) => send({ type: 'delta', text }));
  delivered
    .then(
      (answer) => send({ type: 'done', ...answer }),
      (err: unknown) => {
        if (err instanceof AppError) return send(errorEvent(err));
        // A database unavailable as the error handler answers it (a 503): the booking's transaction wrote nothing, the member may send again.
        return send(errorEvent(logFailure(log, err, 'companion stream failed') ? UNAVAILABLE : INTERNAL));
      },
    )
    .finally(() => out.end());
  return out;
}
