import {
  composeInfo,
  conversationResponse,
  conversationsResponse,
  historyQuery,
  inboxResponse,
  markReadResponse,
  memberParams,
  recipientParams,
  sendMessageBody,
  sendMessageResponse,
  unreadResponse,
} from '../messages.js';
import { idempotencyHeaders } from '../wallet.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** Messages between members: the inbox, the unread count, sending, conversations and their read marks. */
export const messagesEndpoints = {
  inbox: endpoint({ method: 'GET', path: '/api/messages', auth: 'member', response: inboxResponse, errors: [], tag: 'messages' }),
  unread: endpoint({ method: 'GET', path: '/api/messages/unread', auth: 'member', response: unreadResponse, errors: [], tag: 'messages' }),
  send: endpoint({
    method: 'POST',
    path: '/api/messages/:recipientId',
    auth: 'member',
    params: recipientParams,
    headers: idempotencyHeaders,
    body: sendMessageBody,
    response: sendMessageResponse,
    errors: [
      'idempotency_conflict',
      'client_id_conflict',
      'self_message',
      'not_found',
      'not_liked',
      'profile_required',
      'daily_limit',
      'free_credits_limit',
      'insufficient_credits',
    ],
    limits: [limits.message],
    tag: 'messages',
  }),
  conversations: endpoint({ method: 'GET', path: '/api/conversations', auth: 'member', response: conversationsResponse, errors: [], tag: 'messages' }),
  conversation: endpoint({
    method: 'GET',
    path: '/api/conversations/:memberId',
    auth: 'member',
    params: memberParams,
    query: historyQuery,
    response: conversationResponse,
    errors: ['not_found', 'bad_cursor'],
    tag: 'messages',
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/conversations/:memberId/read',
    auth: 'member',
    params: memberParams,
    response: markReadResponse,
    errors: [],
    tag: 'messages',
  }),
  compose: endpoint({
    method: 'GET',
    path: '/api/conversations/:memberId/compose',
    auth: 'member',
    params: memberParams,
    response: composeInfo,
    errors: ['not_found'],
    tag: 'messages',
  }),
} as const;
