import type { Fact } from './facts.js';

/** One chat turn as the OpenAI chat-completions protocol has it. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: ChatTurn[];
  /** What the embedded engine reads directly (a model gets it inside `messages`). */
  context: EngineContext;
  /** Streamed pieces of the reply, as they arrive. */
  onDelta?: (text: string) => void;
}

interface EngineContext {
  /** Saved memories matching the message (full-text search), best first. */
  relevant: string[];
  /** The newest saved memories besides those. */
  recent: string[];
  /** What the member told it about herself in earlier messages (learned facts), oldest first. */
  facts: string[];
  /** The facts the latest message states. */
  learned: Fact[];
  /** What the member wrote earlier in this conversation, oldest first. */
  earlier: string[];
  /** The companion's replies in this conversation, oldest first (the greeting first). */
  replies: string[];
  latest: string;
}

/** A companion model: an OpenAI-compatible server, or the embedded offline engine. */
export interface CompanionModel {
  readonly kind: 'model' | 'embedded';
  /** German description for the page. */
  readonly label: string;
  complete(req: CompletionRequest): Promise<string>;
}

/** The model did not deliver a reply (timeout, 5xx, bad answer): nothing is charged. */
export class ModelUnavailableError extends Error {}
