import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { COMPANION_STREAM_TYPE, COMPANION_UNAVAILABLE, companionStreamEvent, type CompanionStreamEvent } from '@funkeln/contracts/companion';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { setToken } from '../../lib/token-storage';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { CompanionPage } from './companion-page';

const CONVERSATION = '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60';

const page = [
  answerFor(companionEndpoints.info, { kind: 'embedded', label: 'eingebaute Offline-Version', cost: 10, isPremium: false }),
  answerFor(companionEndpoints.conversations, [{ id: CONVERSATION, started_at: '2026-05-01T10:00:00.000Z', title: 'Date-Ideen' }]),
  answerFor(companionEndpoints.history, [{ role: 'assistant', content: 'Hallo! Worüber sprechen wir?', created_at: '2026-05-01T10:00:00.000Z' }]),
  answerFor(companionEndpoints.memories, []),
];

/** One failure per code the send route declares that a member can run into, with its German sentence. */
function sendFailure<C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) {
  return { code, handler: failureFor(companionEndpoints.messageStream, code, ...params), text: errorMessage(code, ...params) };
}

/** The streamed reply as the server sends it: the first line at once, the others once `release` is called. */
function streamed(first: CompanionStreamEvent, ...rest: CompanionStreamEvent[]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const line = (event: CompanionStreamEvent) => new TextEncoder().encode(`${JSON.stringify(companionStreamEvent.parse(event))}\n`);
  const handler = http.post(companionEndpoints.messageStream.path, () => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(line(first));
        await held;
        for (const event of rest) controller.enqueue(line(event));
        controller.close();
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': COMPANION_STREAM_TYPE } });
  });
  return { handler, release };
}

async function sendMessage(text: string) {
  const { user } = renderPage(<CompanionPage />);
  await screen.findByText('Hallo! Worüber sprechen wir?');
  const input = screen.getByLabelText<HTMLTextAreaElement>(de.companion.input);
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: de.companion.send }));
  return input;
}

describe('CompanionPage: sending', () => {
  it.each([
    sendFailure('insufficient_credits', { need: 10, have: 3 }),
    sendFailure('rate_limited', { limit: 'companion' }),
    sendFailure('idempotency_conflict'),
    sendFailure('not_found'),
  ])("shows the catalogue sentence for '$code', takes the turn back and keeps the text", async ({ code, handler, text }) => {
    setToken('token');
    server.use(...page, handler);
    const input = await sendMessage('Hast du eine Idee fürs erste Date?');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(code === 'insufficient_credits' ? `${text}${de.companion.getCredits}` : text);
    // Only the lack of credits offers the wallet.
    expect(screen.queryByRole('link', { name: de.companion.getCredits }) !== null).toBe(code === 'insufficient_credits');
    expect(input.value).toBe('Hast du eine Idee fürs erste Date?');
    expect(screen.queryAllByText('Hast du eine Idee fürs erste Date?')).toHaveLength(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.companion.send }).disabled).toBe(false);
  });
});

describe('CompanionPage: a streamed reply', () => {
  it('grows in its bubble, hidden from screen readers, and joins the announced turns once complete', async () => {
    setToken('token');
    const reply = streamed(
      { type: 'delta', text: 'Wie wäre ' },
      { type: 'delta', text: 'es mit Minigolf?' },
      { type: 'done', reply: 'Wie wäre es mit Minigolf?', credits: 38 },
    );
    server.use(...page, reply.handler);
    await sendMessage('Eine Date-Idee?');
    const draft = await screen.findByTestId('companion-draft');
    expect(draft.textContent).toBe('Wie wäre ');
    expect(draft.getAttribute('aria-hidden')).toBe('true');
    expect(draft.closest('[aria-live]')).not.toBeNull();
    reply.release();
    await waitFor(() => expect(screen.queryByTestId('companion-draft')).toBeNull());
    const turns = screen.getAllByTestId('companion-assistant');
    expect(turns.at(-1)!.textContent).toBe(`${de.companion.friend}: Wie wäre es mit Minigolf?`);
    expect(screen.getByTestId('companion-user').textContent).toBe(`${de.companion.you}: Eine Date-Idee?`);
  });

  it('shows the German error when the reply breaks off, takes the turn back and keeps the text', async () => {
    setToken('token');
    const reply = streamed({ type: 'delta', text: 'Also, ich ' }, { type: 'error', error: 'companion_unavailable', message: COMPANION_UNAVAILABLE });
    server.use(...page, reply.handler);
    const input = await sendMessage('Hilfst du mir?');
    await screen.findByTestId('companion-draft');
    reply.release();
    expect((await screen.findByRole('alert')).textContent).toBe(COMPANION_UNAVAILABLE);
    expect(screen.queryByTestId('companion-draft')).toBeNull();
    expect(screen.queryAllByText('Hilfst du mir?')).toHaveLength(0);
    expect(input.value).toBe('Hilfst du mir?');
  });
});
