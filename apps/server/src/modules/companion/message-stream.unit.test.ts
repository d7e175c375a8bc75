import { companionStreamEvent } from '@funkeln/contracts/companion';
import { errorMessage } from '@funkeln/contracts/errors';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { streamReply } from './message-stream.js';

async function eventsOf(stream: Readable) {
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => companionStreamEvent.parse(JSON.parse(line)));
}

function recordingLog() {
  const logged: { level: 'warn' | 'error'; msg: string }[] = [];
  return {
    logged,
    log: { warn: (_obj: object, msg: string) => void logged.push({ level: 'warn', msg }), error: (_obj: object, msg: string) => void logged.push({ level: 'error', msg }) },
  };
}

/** A reply whose model writes one piece, then fails with `err` (as the booking would). */
const failingAfterOnePiece = (err: unknown) => ({
  deliver: async (onDelta?: (text: string) => void) => {
    onDelta?.('Hallo ');
    throw err;
  },
});

describe('the events of a streamed reply that breaks off', () => {
  it('ends with `unavailable` and its German message when the database could not be reached, as the 503 would say', async () => {
    const { log, logged } = recordingLog();
    const events = await eventsOf(streamReply(failingAfterOnePiece(new DatabaseUnavailableError('database unreachable')), log));
    expect(events).toEqual([
      { type: 'delta', text: 'Hallo ' },
      { type: 'error', error: 'unavailable', message: errorMessage('unavailable') },
    ]);
    expect(logged).toEqual([{ level: 'warn', msg: 'database unavailable' }]);
  });

  it('treats a broken connection of the driver the same way', async () => {
    const { log } = recordingLog();
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    const events = await eventsOf(streamReply(failingAfterOnePiece(lost), log));
    expect(events.at(-1)).toEqual({ type: 'error', error: 'unavailable', message: errorMessage('unavailable') });
  });

  it('passes an expected failure on with its own code, and reports anything else as internal_error', async () => {
    const { log, logged } = recordingLog();
    const known = await eventsOf(streamReply(failingAfterOnePiece(new AppError('companion_unavailable')), log));
    expect(known.at(-1)).toEqual({ type: 'error', error: 'companion_unavailable', message: errorMessage('companion_unavailable') });
    const unknown = await eventsOf(streamReply(failingAfterOnePiece(new TypeError('x is undefined')), log));
    expect(unknown.at(-1)).toEqual({ type: 'error', error: 'internal_error', message: errorMessage('internal_error') });
    expect(logged).toEqual([{ level: 'error', msg: 'companion stream failed' }]);
  });
});
