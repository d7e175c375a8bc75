import { errorBody, errorMessage, errorStatus } from '@funkeln/contracts/errors';
import { chatMessage, sendMessageBody } from '@funkeln/contracts/messages';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { freeComposeFor } from '../../../test/members';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { MessageForm } from './message-form';

vi.mock('../../../lib/socket', () => ({ connectSocket: () => ({ emit: () => undefined, on: () => undefined, off: () => undefined }) }));

const MEMBER = '5b0f7c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const REASON = errorMessage('message_nudge', { reason: 'insult' });

const compose = freeComposeFor(MEMBER);

const message = (body: string) =>
  chatMessage.parse({ id: 'm1', clientId: 'c1', senderId: 'me', recipientId: MEMBER, body, prepaidReply: 0, prepaidReserved: 0, createdAt: '2026-12-08T10:00:00.000Z', readAt: null });

/** The server as it answers a flagged draft: 409 message_nudge until it comes with `confirmed: true`. Records each body. */
function nudgingServer() {
  const sent: { body: string; confirmed: boolean }[] = [];
  const handler = http.post(`/api/messages/${MEMBER}`, async ({ request }) => {
    const body = sendMessageBody.parse(await request.json());
    sent.push({ body: body.body, confirmed: body.confirmed });
    if (!body.confirmed) return HttpResponse.json(errorBody.parse({ error: 'message_nudge', message: REASON }), { status: errorStatus('message_nudge') });
    return HttpResponse.json({ message: message(body.body), credits: 3 });
  });
  return { sent, handler };
}

describe('"Bist du sicher?"', () => {
  it('asks with the reason; "Nachricht bearbeiten" keeps the draft unsent, "Trotzdem senden" sends it confirmed', async () => {
    const { sent, handler } = nudgingServer();
    server.use(compose, handler);
    const { user } = renderPage(<Composer ownerId="me" memberId={MEMBER} />);
    const body = screen.getByLabelText(de.messages.body) as HTMLTextAreaElement;
    await user.type(body, 'Du Idiot{Enter}');
    const dialog = await screen.findByRole('dialog', { name: de.messages.nudge.title });
    expect(within(dialog).getByText(REASON)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: de.messages.nudge.edit }));
    expect(body.value).toBe('Du Idiot');
    expect(sent).toEqual([{ body: 'Du Idiot', confirmed: false }]);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(body, '{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: de.messages.nudge.title })).getByRole('button', { name: de.messages.nudge.sendAnyway }));
    await vi.waitFor(() => expect(body.value).toBe(''));
    expect(sent).toEqual([
      { body: 'Du Idiot', confirmed: false },
      { body: 'Du Idiot', confirmed: false },
      { body: 'Du Idiot', confirmed: true },
    ]);
  });

  it('asks in the new-message form too', async () => {
    const { sent, handler } = nudgingServer();
    server.use(handler);
    const { user } = renderPage(<MessageForm recipientId={MEMBER} />);
    await user.type(screen.getByLabelText(de.messages.body), 'Du Idiot');
    await user.click(screen.getByRole('button', { name: de.messages.send }));
    await user.click(within(await screen.findByRole('dialog', { name: de.messages.nudge.title })).getByRole('button', { name: de.messages.nudge.sendAnyway }));
    expect(await screen.findByTestId('message-sent')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ body: 'Du Idiot', confirmed: true });
  });
});

describe('a received message the screening flagged', () => {
  const received = { ...message('Du Idiot, schick mir Geld per PayPal'), senderId: MEMBER, recipientId: 'me', safety: { askIfBothered: true, hint: 'money' as const } };

  it('shows the money hint and "Stört dich das?"; one tap reports the message as harassment', async () => {
    const reports: unknown[] = [];
    server.use(
      http.post('/api/reports', async ({ request }) => {
        reports.push(await request.json());
        return HttpResponse.json({ id: 'r1', message: 'Danke für deine Meldung. Unser Team sieht sie sich an.' });
      }),
    );
    const { user } = renderPage(
      <ol>
        <MessageBubble message={received} mine={false} memberName="Tom" groupStart groupEnd read={false} />
      </ol>,
    );
    expect(screen.getByTestId('scam-hint').textContent).toBe(de.messages.safety.money);
    expect(screen.getByTestId('bother-prompt').textContent).toContain(de.messages.safety.bother);
    await user.click(screen.getByRole('button', { name: de.messages.safety.report }));
    expect(await screen.findByText('Danke für deine Meldung. Unser Team sieht sie sich an.')).toBeTruthy();
    expect(reports).toEqual([{ messageId: 'm1', reason: 'harassment', details: '', block: false, goodFaith: false, attachMessages: false, evidenceIds: [] }]);
    expect(screen.queryByTestId('bother-prompt')).toBeNull();
  });

  it('shows the off-platform tip without asking, and nothing on a message without findings', () => {
    renderPage(
      <ol>
        <MessageBubble message={{ ...received, safety: { askIfBothered: false, hint: 'contact' } }} mine={false} memberName="Tom" groupStart groupEnd read={false} />
        <MessageBubble message={{ ...received, id: 'm2', safety: undefined }} mine={false} memberName="Tom" groupStart groupEnd read={false} />
      </ol>,
    );
    expect(screen.getAllByTestId('scam-hint').map((e) => e.textContent)).toEqual([de.messages.safety.contact]);
    expect(screen.queryByTestId('bother-prompt')).toBeNull();
  });
});
