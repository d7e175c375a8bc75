import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { setToken } from '../../lib/token-storage';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { DigitalFriendPage } from './digital-friend-page';

const CONVERSATION = '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60';

const page = [
  answerFor(companionEndpoints.info, { kind: 'embedded', label: 'Offline-Companion (eingebaut)', cost: 10, isPremium: false }),
  answerFor(companionEndpoints.conversations, [{ id: CONVERSATION, started_at: '2026-05-01T10:00:00.000Z', title: 'Date-Ideen' }]),
  answerFor(companionEndpoints.history, [{ role: 'assistant', content: 'Hallo! Worüber sprechen wir?', created_at: '2026-05-01T10:00:00.000Z' }]),
  answerFor(companionEndpoints.memories, []),
];

/** One failure per code the send route declares that a member can run into, with its German sentence. */
function sendFailure<C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) {
  return { code, handler: failureFor(companionEndpoints.message, code, ...params), text: errorMessage(code, ...params) };
}

describe('DigitalFriendPage: sending', () => {
  it.each([
    sendFailure('insufficient_credits', { need: 10, have: 3 }),
    sendFailure('rate_limited', { limit: 'companion' }),
    sendFailure('companion_unavailable'),
    sendFailure('idempotency_conflict'),
    sendFailure('not_found'),
  ])("shows the catalogue sentence for '$code', takes the turn back and keeps the text", async ({ code, handler, text }) => {
    setToken('token');
    server.use(...page, handler);
    const { user } = renderPage(<DigitalFriendPage />);
    await screen.findByText('Hallo! Worüber sprechen wir?');
    const input = screen.getByLabelText<HTMLTextAreaElement>(de.companion.input);
    await user.type(input, 'Hast du eine Idee fürs erste Date?');
    await user.click(screen.getByRole('button', { name: de.companion.send }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(code === 'insufficient_credits' ? `${text}${de.companion.getCredits}` : text);
    // Only the lack of credits offers the wallet.
    expect(screen.queryByRole('link', { name: de.companion.getCredits }) !== null).toBe(code === 'insufficient_credits');
    expect(input.value).toBe('Hast du eine Idee fürs erste Date?');
    expect(screen.queryAllByText('Hast du eine Idee fürs erste Date?')).toHaveLength(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.companion.send }).disabled).toBe(false);
  });
});
