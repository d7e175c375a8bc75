import { errorMessage } from '@funkeln/contracts/errors';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { MessagesPage } from './messages-page';

// New messages arrive over the socket; the tests have no server to connect to.
vi.mock('../../lib/socket', () => ({ connectSocket: () => ({ connected: false, emit: () => undefined, on: () => undefined, off: () => undefined }) }));

const SENDER = '5b0f7c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const message = { id: 'm-1', clientId: 'c-1', senderId: SENDER, recipientId: 'me', body: 'Hallo!', prepaidReply: 0, prepaidReserved: 0, createdAt: '2026-05-01T10:00:00.000Z', readAt: null };

const inbox = answerFor(messagesEndpoints.inbox, [
  { id: 'm-1', sender_id: SENDER, sender_name: 'Lea', body: 'Hallo!', prepaid_reply_reserved_credits: 0, created_at: '2026-05-01T10:00:00.000Z', read: false },
]);
const conversations = answerFor(messagesEndpoints.conversations, [{ memberId: SENDER, name: 'Lea', age: 29, thumbUrl: null, lastMessage: message, unread: 1 }]);
const matches = answerFor(swipesEndpoints.matches, []);

const section = (name: string) => screen.getByRole('region', { name });

describe('MessagesPage', () => {
  it("shows the server's sentence when the inbox does not load, with a retry that loads it", async () => {
    server.use(failureFor(messagesEndpoints.inbox, 'unavailable'), conversations, matches);
    const { user } = renderPage(<MessagesPage />);
    await user.click(screen.getByText(de.messages.inboxTitle, { selector: 'summary' }));
    const box = section(de.messages.inboxTitle);
    expect((await within(box).findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(inbox);
    await user.click(within(box).getByRole('button', { name: de.common.retry }));
    expect(await within(box).findByTestId('inbox-item')).toBeTruthy();
    expect(within(box).queryByRole('alert')).toBeNull();
  });

  it("shows the server's sentence when the conversations do not load, with a retry that loads them", async () => {
    server.use(inbox, failureFor(messagesEndpoints.conversations, 'unavailable'), matches);
    const { user } = renderPage(<MessagesPage />);
    const list = section(de.messages.conversationsTitle);
    expect((await within(list).findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(conversations);
    await user.click(within(list).getByRole('button', { name: de.common.retry }));
    expect(await within(list).findByTestId('conversation-item')).toBeTruthy();
    expect(within(list).queryByRole('alert')).toBeNull();
  });

  it('shows one list: each conversation with name and age and the credits held for a reply; the inbox folded, no raw member id asked for', async () => {
    const held = answerFor(messagesEndpoints.inbox, [
      { id: 'm-1', sender_id: SENDER, sender_name: 'Lea', body: 'Hallo!', prepaid_reply_reserved_credits: 20, created_at: '2026-05-01T10:00:00.000Z', read: false },
      { id: 'm-0', sender_id: SENDER, sender_name: 'Lea', body: 'Huhu', prepaid_reply_reserved_credits: 5, created_at: '2026-05-01T09:00:00.000Z', read: true },
    ]);
    server.use(held, conversations, matches);
    renderPage(<MessagesPage />);
    const row = await within(section(de.messages.conversationsTitle)).findByTestId('conversation-item');
    expect(row.textContent).toContain('Lea, 29');
    expect((await within(row).findByTestId('prepaid-badge')).textContent).toBe(de.messages.prepaidBadge(25));
    expect(screen.getByTestId('inbox').hasAttribute('open')).toBe(false);
    expect(screen.queryByLabelText(de.messages.recipientId)).toBeNull();
  });

  it('offers the new-message form where a link names the recipient (?to=)', async () => {
    server.use(inbox, conversations, matches);
    renderPage(<MessagesPage />, { at: `/messages?to=${SENDER}` });
    expect((screen.getByLabelText(de.messages.recipientId) as HTMLInputElement).value).toBe(SENDER);
  });
});
