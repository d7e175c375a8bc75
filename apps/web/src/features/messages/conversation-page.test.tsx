import { errorMessage } from '@funkeln/contracts/errors';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ConversationPage } from './conversation-page';

// New messages, reads and typing arrive over the socket; the tests have no server to connect to.
vi.mock('../../lib/socket', () => ({ connectSocket: () => ({ connected: false, emit: () => undefined, on: () => undefined, off: () => undefined }) }));

const MEMBER = '5b0f7c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

describe('ConversationPage', () => {
  it("shows the server's sentence when the thread does not load, with a retry that loads it", async () => {
    server.use(
      answerFor(messagesEndpoints.conversations, []),
      answerFor(swipesEndpoints.matches, []),
      failureFor(messagesEndpoints.conversation, 'unavailable'),
    );
    const { user } = renderPage(<ConversationPage />, { at: `/messages/${MEMBER}`, path: '/messages/:memberId' });
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(answerFor(messagesEndpoints.conversation, { member: { id: MEMBER, name: 'Lea', thumbUrl: null }, messages: [], before: null }));
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByRole('heading', { name: 'Lea' })).toBeTruthy();
    expect(screen.getByRole('log', { name: de.messages.threadLabel('Lea') })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
