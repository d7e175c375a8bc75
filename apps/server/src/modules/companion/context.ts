import { FACTS_HEADER, MEMORY_HEADER, PERSONA } from './persona.js';
import type { ChatTurn } from './model.js';

/** Rough token estimate (about 4 characters per token for German text). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** Words worth searching memories for: letters and digits, 3+ characters, lower case, unique. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)].slice(0, 30);
}

export interface ContextInput {
  memories: string[];
  /** Facts learned from the member's own earlier messages. */
  facts: string[];
  turns: { role: 'user' | 'assistant'; content: string }[];
  latest: string;
  budgetTokens: number;
}

/**
 * The model's context: persona, the saved memories, the learned facts, then as many recent turns as fit the token budget
 * (newest kept first), then the member's message.
 */
export function buildMessages(input: ContextInput): ChatTurn[] {
  const system: ChatTurn[] = [{ role: 'system', content: PERSONA }];
  const list = (header: string, items: string[]) => items.length > 0 && system.push({ role: 'system', content: `${header}\n${items.map((m) => `- ${m}`).join('\n')}` });
  list(MEMORY_HEADER, input.memories);
  list(FACTS_HEADER, input.facts);
  let budget = input.budgetTokens - system.reduce((n, t) => n + estimateTokens(t.content), 0) - estimateTokens(input.latest);
  const kept: ChatTurn[] = [];
  for (const { role, content } of [...input.turns].reverse()) {
    budget -= estimateTokens(content);
    if (budget < 0) break;
    kept.unshift({ role, content });
  }
  return [...system, ...kept, { role: 'user', content: input.latest }];
}
