import type { apiAs } from './members.js';

export type Api = ReturnType<typeof apiAs>;

/** POST /api/ai/df/start: a new conversation and its greeting. */
export const startConversation = async (api: Api, token: string) => (await api('POST', '/api/ai/df/start', token)).json<{ id: string; greeting: string }>();

/** POST /api/ai/df/:id/message, answered as the server answers it. */
export const say = (api: Api, token: string, id: string, content: string, headers: Record<string, string> = {}) =>
  api('POST', `/api/ai/df/${id}/message`, token, { content }, headers);
