import {
  companionConversationsResponse,
  companionHistoryResponse,
  companionInfo,
  companionMessageBody,
  companionMessageResponse,
  companionStartResponse,
  conversationIdParams,
  memoriesResponse,
  memory,
  memoryBody,
  memoryIdParams,
} from '../companion.js';
import { messageBody } from '../errors.js';
import { idempotencyHeaders } from '../wallet.js';
import { endpoint } from './define.js';
import { limits } from './limits.js';

/** Spec 7: the Digital Friend under /api/ai/df (chats paid per message, the member's memories). */
export const companionEndpoints = {
  info: endpoint({ method: 'GET', path: '/api/ai/df/info', auth: 'member', response: companionInfo, errors: [], tag: 'companion' }),
  conversations: endpoint({ method: 'GET', path: '/api/ai/df/conversations', auth: 'member', response: companionConversationsResponse, errors: [], tag: 'companion' }),
  start: endpoint({ method: 'POST', path: '/api/ai/df/start', auth: 'member', response: companionStartResponse, errors: [], tag: 'companion' }),
  history: endpoint({
    method: 'GET',
    path: '/api/ai/df/:id/messages',
    auth: 'member',
    params: conversationIdParams,
    response: companionHistoryResponse,
    errors: ['not_found'],
    tag: 'companion',
  }),
  /**
   * The companion limit stays the service's: it counts only messages that reach the model, not a
   * replay of a stored answer nor a conversation that is not the member's ('rate_limited' below).
   */
  message: endpoint({
    method: 'POST',
    path: '/api/ai/df/:id/message',
    auth: 'member',
    params: conversationIdParams,
    headers: idempotencyHeaders,
    body: companionMessageBody,
    response: companionMessageResponse,
    errors: ['not_found', 'rate_limited', 'insufficient_credits', 'idempotency_conflict', 'companion_unavailable'],
    tag: 'companion',
  }),
  /**
   * The same message, its reply streamed as it is written (companionStreamEvent lines, no JSON
   * response): refusals before the model is asked are the usual JSON errors; a failure afterwards is
   * the stream's last line.
   */
  messageStream: endpoint({
    method: 'POST',
    path: '/api/ai/df/:id/message/stream',
    auth: 'member',
    params: conversationIdParams,
    headers: idempotencyHeaders,
    body: companionMessageBody,
    errors: ['not_found', 'rate_limited', 'insufficient_credits', 'idempotency_conflict'],
    tag: 'companion',
    summary: 'Sends a message; the reply streams as newline-delimited JSON events (delta …, then done or error).',
  }),
  saveMemory: endpoint({
    method: 'POST',
    path: '/api/ai/df/memory',
    auth: 'member',
    body: memoryBody,
    response: memory,
    errors: [],
    limits: [limits.memory],
    tag: 'companion',
  }),
  memories: endpoint({ method: 'GET', path: '/api/ai/df/memories', auth: 'member', response: memoriesResponse, errors: [], tag: 'companion' }),
  deleteMemory: endpoint({
    method: 'DELETE',
    path: '/api/ai/df/memories/:id',
    auth: 'member',
    params: memoryIdParams,
    response: messageBody,
    errors: ['not_found'],
    tag: 'companion',
  }),
} as const;
