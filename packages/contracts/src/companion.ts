import { z } from 'zod';
import { text, id } from './fields.js';

export const COMPANION_CONTENT_MAX = 4000;

export const conversationIdParams = z.object({ id: id('Ungültige Unterhaltungs-ID.') });
export const memoryIdParams = z.object({ id: id('Ungültige Erinnerungs-ID.') });

/** Spec 7: GET /api/ai/df/conversations -> [{id, started_at, title}], newest first. */
export const companionConversation = z.object({ id: z.string(), started_at: z.string(), title: z.string() });
export type CompanionConversation = z.infer<typeof companionConversation>;
export const companionConversationsResponse = z.array(companionConversation);

/** POST /api/ai/df/start -> {id} and a German greeting. */
export const companionStartResponse = z.object({ id: z.string(), greeting: z.string() });
export type CompanionStartResponse = z.infer<typeof companionStartResponse>;

/** POST /api/ai/df/{id}/message {content} -> {reply}. */
export const companionMessageBody = z.object({
  content: text({
    min: 1,
    max: COMPANION_CONTENT_MAX,
    multiline: true,
    tooShort: 'Bitte schreib eine Nachricht.',
    tooLong: `Eine Nachricht darf höchstens ${COMPANION_CONTENT_MAX} Zeichen lang sein.`,
  }),
});
export const companionMessageResponse = z.object({ reply: z.string(), credits: z.number().int().nullable() });
export type CompanionMessageResponse = z.infer<typeof companionMessageResponse>;

/**
 * POST /api/ai/df/{id}/message/stream answers newline-delimited JSON (application/x-ndjson), one
 * event a line: pieces of the reply as the model writes them, then either the whole reply as the
 * plain endpoint answers it (booked only now) or an error with its German message (nothing booked).
 */
export const companionStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  companionMessageResponse.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), error: z.string(), message: z.string() }),
]);
export type CompanionStreamEvent = z.infer<typeof companionStreamEvent>;
export const COMPANION_STREAM_TYPE = 'application/x-ndjson';

/** Spec 3: a companion message has a role (user or assistant) and content. */
export const companionTurn = z.object({ role: z.enum(['user', 'assistant']), content: z.string(), created_at: z.string() });
export type CompanionTurn = z.infer<typeof companionTurn>;
export const companionHistoryResponse = z.array(companionTurn);

/** POST /api/ai/df/memory {content, tags}: content required; up to 10 short tags. */
export const memoryBody = z.object({
  content: text({
    min: 1,
    max: COMPANION_CONTENT_MAX,
    multiline: true,
    required: 'Bitte gib einen Text für die Erinnerung ein.',
    tooShort: 'Bitte gib einen Text für die Erinnerung ein.',
    tooLong: `Eine Erinnerung darf höchstens ${COMPANION_CONTENT_MAX} Zeichen lang sein.`,
  }),
  tags: z
    .array(text({ min: 1, max: 30, tooShort: 'Ein Schlagwort darf nicht leer sein.', tooLong: 'Ein Schlagwort darf höchstens 30 Zeichen lang sein.' }))
    .max(10, 'Höchstens 10 Schlagwörter.')
    .default([]),
});
export type MemoryBody = z.input<typeof memoryBody>;
/**
 * A memory: one the member saved, or a fact the Digital Friend learned from her own messages
 * ('learned', e.g. "Mein Hund heißt Krümel."). Both are used in every conversation until she deletes them.
 */
export const memory = z.object({ id: z.string(), content: z.string(), tags: z.array(z.string()), created_at: z.string(), source: z.enum(['saved', 'learned']) });
export type Memory = z.infer<typeof memory>;
export const memoriesResponse = z.array(memory);

/** GET /api/ai/df/info: which kind of companion answers (the page says so). */
export const companionInfo = z.object({
  kind: z.enum(['model', 'embedded']),
  /** German description of the engine for the page, e.g. 'eingebaute Offline-Version' (the AI disclosure is the page's, once). */
  label: z.string(),
  /** Credits per message for this member; 0 for premium members. */
  cost: z.number().int(),
  isPremium: z.boolean(),
});
export type CompanionInfo = z.infer<typeof companionInfo>;

/** The one AI disclosure (EU AI Act Art. 50), on the page as it is; the greeting opens each conversation with the same words. */
export const COMPANION_AI_DISCLOSURE = 'Der Digital Friend ist eine KI, kein Mensch.';

/** The German error when the model fails (nothing is charged). */
export const COMPANION_UNAVAILABLE = 'Der Digital Friend ist gerade nicht erreichbar. Es wurden keine Credits abgebucht. Bitte versuche es gleich noch einmal.';
