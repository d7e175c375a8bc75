import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { composeInfo } from '@funkeln/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { Composer } from './composer';
import { MessageForm } from './message-form';

// Typing sends a signal over the socket; the tests have no server to connect to.
vi.mock('../../../lib/socket', () => ({ connectSocket: () => ({ emit: () => undefined, on: () => undefined, off: () => undefined }) }));

const MEMBER = '5b0f7c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

/** One failure per code the send route declares that a member can run into, with its German sentence. */
function sendFailure<C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) {
  return { code, handler: failure('post', `/messages/${MEMBER}`, code, ...params), text: errorMessage(code, ...params) };
}

const cases = [
  sendFailure('insufficient_credits', { need: 10, have: 3 }),
  sendFailure('daily_limit', { perDay: 5 }),
  sendFailure('free_credits_limit', { freeCap: 20, left: 5 }),
  sendFailure('not_liked'),
  sendFailure('rate_limited', { limit: 'message' }),
];

const compose = answer('get', `/conversations/${MEMBER}/compose`, composeInfo, {
  rule: 'free',
  costPerMessage: null,
  balance: 3,
  canAfford: true,
  prepaidReplyAvailable: false,
  repliesLeftToday: null,
  dailyRewardOpen: false,
});

describe('Composer', () => {
  it.each(cases)("shows the catalogue sentence for '$code' and keeps the draft", async ({ handler, text }) => {
    server.use(compose, handler);
    const { user } = renderPage(<Composer ownerId="me" memberId={MEMBER} />);
    const body = screen.getByLabelText(de.messages.body);
    await user.type(body, 'Hallo du!{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect((body as HTMLTextAreaElement).value).toBe('Hallo du!');
    expect(screen.getByRole('button', { name: de.messages.retry })).toBeTruthy();
  });
});

describe('MessageForm', () => {
  it.each(cases)("shows the catalogue sentence for '$code'", async ({ handler, text }) => {
    server.use(handler);
    const { user } = renderPage(<MessageForm recipientId={MEMBER} />);
    await user.type(screen.getByLabelText(de.messages.body), 'Hallo du!');
    await user.click(screen.getByRole('button', { name: de.messages.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});
