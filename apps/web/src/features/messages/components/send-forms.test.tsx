import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { composeInfo } from '@funkeln/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { freeComposeFor } from '../../../test/members';
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
  { ...sendFailure('insufficient_credits', { need: 10, have: 3 }), retry: false },
  { ...sendFailure('daily_limit', { perDay: 5 }), retry: false },
  { ...sendFailure('free_credits_limit', { freeCap: 20, left: 5 }), retry: false },
  { ...sendFailure('not_liked'), retry: false },
  { ...sendFailure('rate_limited', { limit: 'message' }), retry: true },
  { ...sendFailure('internal_error'), retry: true },
];

const compose = freeComposeFor(MEMBER);

describe('Composer', () => {
  it.each(cases)("shows the catalogue sentence for '$code', keeps the draft and offers 'Erneut senden' only where it can succeed", async ({ handler, text, retry }) => {
    server.use(compose, handler);
    const { user } = renderPage(<Composer ownerId="me" memberId={MEMBER} />);
    const body = screen.getByLabelText(de.messages.body);
    await user.type(body, 'Hallo du!{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect((body as HTMLTextAreaElement).value).toBe('Hallo du!');
    expect(screen.getByRole('button', { name: retry ? de.messages.retry : de.messages.send })).toBeTruthy();
  });

  it("shows a woman the day's allowance for a reply, and at 0 closes with the reason and when it opens again", async () => {
    const limited = (left: number) =>
      answer('get', `/conversations/${MEMBER}/compose`, composeInfo, {
        rule: 'limit',
        costPerMessage: null,
        balance: 0,
        canAfford: true,
        prepaidReplyAvailable: false,
        repliesLeftToday: left,
        repliesPerDay: 20,
        repliesReopenAt: left === 0 ? '2026-12-07T23:00:00.000Z' : null,
        openRewards: [],
      });
    server.use(limited(12));
    const first = renderPage(<Composer ownerId="me" memberId={MEMBER} />);
    expect((await screen.findByTestId('compose-replies-left')).textContent).toBe('Noch 12 von 20 Antworten heute');
    first.unmount();
    server.use(limited(0));
    renderPage(<Composer ownerId="me" memberId={MEMBER} />);
    expect((await screen.findByTestId('compose-replies-used-up')).textContent).toBe(
      'Du hast heute alle 20 Antworten geschrieben. Ab Mitternacht (0:00 Uhr) kannst du wieder antworten.',
    );
    expect((screen.getByLabelText(de.messages.body) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: de.messages.send }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a man short of credits every reward he can claim right in the chat', async () => {
    server.use(
      answer('get', `/conversations/${MEMBER}/compose`, composeInfo, {
        rule: 'pay',
        costPerMessage: 5,
        balance: 0,
        canAfford: false,
        prepaidReplyAvailable: true,
        repliesLeftToday: null,
        repliesPerDay: null,
        repliesReopenAt: null,
        openRewards: [
          { type: 'login', amount: 10, state: 'open', nextAt: null },
          { type: 'upload_photo', amount: 25, state: 'open', nextAt: null },
        ],
      }),
    );
    renderPage(<Composer ownerId="me" memberId={MEMBER} />);
    expect(await screen.findByRole('button', { name: 'Tagesbonus abholen (+10)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Foto-Belohnung abholen (+25)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: de.messages.toWallet })).toBeTruthy();
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
