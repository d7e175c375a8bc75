import { randomUUID } from 'node:crypto';
import {
  type CompanionConversation,
  type CompanionInfo,
  type CompanionMessageResponse,
  type CompanionStartResponse,
  type CompanionTurn,
  type Memory,
} from '@funkeln/contracts/companion';
import { limits } from '@funkeln/contracts/routes/limits';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { enforcePolicy, type RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import type { PriorityGate } from '../../platform/concurrency/priority-gate.js';
import type { SettingsService } from '../settings/index.js';
import { runIdempotent, storedAnswer } from '../../platform/idempotency/idempotency.js';
import { insufficientCredits, type Ledger, SYSTEM_ACCOUNTS } from '../wallet/index.js';
import * as repo from './companion.repo.js';
import { buildMessages, searchWords } from './context.js';
import { speaksOfCrisis } from './embedded-engine.js';
import { extractFacts, type Fact, MAX_FACTS, withoutForgotten } from './facts.js';
import { ModelUnavailableError, type CompanionModel } from './model.js';
import { CRISIS_REPLY, greeting } from './persona.js';

const CONTEXT_TOKENS = 3000;
const RECENT_TURNS = 40;
const notFound = () => new AppError('not_found', { params: { of: 'conversation' } });

/** A message that passed the checks: the stored answer of a replay, or the way to get and book the reply. */
export type PreparedMessage = { stored: CompanionMessageResponse } | { deliver(onDelta?: (text: string) => void): Promise<CompanionMessageResponse> };

export interface Member {
  id: string;
  name: string;
  premium: boolean;
}

/** What CompanionService is built from (named, so no call site depends on an argument order). */
export interface CompanionServiceDeps {
  db: Db;
  model: CompanionModel;
  gate: PriorityGate;
  ledger: Ledger;
  settings: SettingsService;
  limiter: RateLimiter;
}

export class CompanionService {
  private readonly db: Db;
  private readonly model: CompanionModel;
  private readonly gate: PriorityGate;
  private readonly ledger: Ledger;
  private readonly settings: SettingsService;
  private readonly limiter: RateLimiter;

  constructor(deps: CompanionServiceDeps) {
    this.db = deps.db;
    this.model = deps.model;
    this.gate = deps.gate;
    this.ledger = deps.ledger;
    this.settings = deps.settings;
    this.limiter = deps.limiter;
  }

  async info(member: Member): Promise<CompanionInfo> {
    return { kind: this.model.kind, label: this.model.label, cost: member.premium ? 0 : await this.settings.get('COMPANION_CREDIT_COST'), isPremium: member.premium };
  }

  async conversations(memberId: string): Promise<CompanionConversation[]> {
    return (await repo.listConversations(this.db, memberId)).map((c) => ({ id: c.id, title: c.title, started_at: c.started_at.toISOString() }));
  }

  async start(member: Member): Promise<CompanionStartResponse> {
    const id = randomUUID();
    const text = greeting(member.name);
    await repo.startConversation(this.db, id, member.id, text);
    return { id, greeting: text };
  }

  async history(memberId: string, conversationId: string): Promise<CompanionTurn[]> {
    const turns = await repo.conversationTurns(this.db, conversationId, memberId, 500);
    if (!turns) throw notFound();
    return turns.map((t) => ({ role: t.role, content: t.content, created_at: t.created_at.toISOString() }));
  }

  /**
   * Asks the model and books the message only when a reply is delivered: premium members free and
   * first in line, others COMPANION_CREDIT_COST credits. A failed model charges nothing (503).
   */
  async message(member: Member, conversationId: string, content: string, idempotencyKey?: string): Promise<CompanionMessageResponse> {
    const prepared = await this.prepare(member, conversationId, content, idempotencyKey);
    return 'stored' in prepared ? prepared.stored : prepared.deliver();
  }

  /**
   * The checks before the model is asked (the conversation, a stored answer to the key, the limit,
   * the balance); then `deliver` asks it, handing on the reply's pieces as they come, and books the
   * whole reply at the end. A reply that breaks off midway books and stores nothing.
   */
  async prepare(member: Member, conversationId: string, content: string, idempotencyKey?: string): Promise<PreparedMessage> {
    const request = { memberId: member.id, key: idempotencyKey, operation: `companion.message:${conversationId}`, body: { content } };
    // The reads go out together (one wait, not several); their answers count in this order: an
    // unknown conversation (404) before a key reused for another message (409) before the balance.
    // The model's context (memories, learned facts, the recent turns of this member's conversation only) comes along.
    const [found, stored, balance, memories, facts] = await Promise.allSettled([
      repo.conversationTurns(this.db, conversationId, member.id, RECENT_TURNS),
      storedAnswer<CompanionMessageResponse>(this.db, request),
      this.ledger.balance(this.db, member.id),
      repo.relevantMemories(this.db, member.id, searchWords(content), 5, 3),
      repo.learnedFacts(this.db, member.id, MAX_FACTS),
    ]);
    const turns = settledValue(found);
    if (!turns) throw notFound();
    const answer = settledValue(stored);
    if (answer) return { stored: answer };
    await enforcePolicy(this.limiter, limits.companion, member.id);
    const cost = member.premium ? 0 : await this.settings.get('COMPANION_CREDIT_COST');
    if (settledValue(balance) < cost) throw insufficientCredits(cost, settledValue(balance));
    return {
      deliver: async (onDelta) => {
        // What her message says about herself: the engine answers it, and it is kept for her next conversations.
        const learned = extractFacts(content);
        const known = settledValue(facts);
        const context = { memories: settledValue(memories), facts: known, learned, turns: withoutForgotten(turns, known), latest: content };
        const reply = await this.ask(member, context, onDelta);
        const { result } = await runIdempotent(this.db, request, async (tx) => {
          await this.learn(tx, member.id, learned);
          return this.book(tx, member, conversationId, content, reply, cost);
        });
        return result;
      },
    };
  }

  private async book(tx: Tx, member: Member, conversationId: string, content: string, reply: string, cost: number): Promise<CompanionMessageResponse> {
    const title = content.length > 48 ? `${content.slice(0, 47)}…` : content;
    await repo.insertTurns(
      tx,
      conversationId,
      [
        { role: 'user', content },
        { role: 'assistant', content: reply },
      ],
      title,
    );
    const posted = await this.ledger.post(tx, {
      kind: 'companion',
      reference: conversationId,
      legs: [
        { account: { wallet: member.id }, amount: -cost },
        { account: SYSTEM_ACCOUNTS.spending, amount: cost },
      ],
    });
    return { reply, credits: member.premium ? null : await this.ledger.balanceAfter(tx, member.id, [posted]) };
  }

  /** Keeps the facts of her message (only hers, bounded: MAX_FACTS in all, a newer one of a key replacing the older). */
  private async learn(tx: Tx, memberId: string, facts: Fact[]): Promise<void> {
    if (facts.length === 0) return;
    await repo.lockFactsOf(tx, memberId);
    for (const f of facts) await repo.upsertFact(tx, { id: randomUUID(), memberId, key: f.key, content: f.content, max: MAX_FACTS });
  }

  private async ask(member: Member, { memories, facts, learned, turns, latest: content }: ModelContext, onDelta?: (text: string) => void): Promise<string> {
    const messages = buildMessages({ memories: memories.map((m) => m.content), facts, turns, latest: content, budgetTokens: CONTEXT_TOKENS });
    let reply: string;
    try {
      reply = await this.gate.run(member.premium, () =>
        this.model.complete({
          messages,
          onDelta,
          context: {
            relevant: memories.filter((m) => m.relevant).map((m) => m.content),
            recent: memories.filter((m) => !m.relevant).map((m) => m.content),
            facts,
            learned,
            earlier: turns.filter((t) => t.role === 'user').map((t) => t.content),
            replies: turns.filter((t) => t.role === 'assistant').map((t) => t.content),
            latest: content,
          },
        }),
      );
    } catch (err) {
      if (err instanceof ModelUnavailableError) throw new AppError('companion_unavailable');
      throw err;
    }
    // Whatever the model says: a message about self-harm always gets the Telefonseelsorge.
    if (speaksOfCrisis(content) && !reply.includes('0800 111 0 111')) reply = `${reply}\n\n${CRISIS_REPLY}`;
    return reply;
  }

  async saveMemory(memberId: string, content: string, tags: string[]): Promise<Memory> {
    const row = await repo.insertMemory(this.db, { id: randomUUID(), memberId, content, tags: [...new Set(tags)] });
    return present(row);
  }

  async memories(memberId: string): Promise<Memory[]> {
    return (await repo.listMemories(this.db, memberId)).map(present);
  }

  async deleteMemory(memberId: string, id: string): Promise<void> {
    if (!(await repo.deleteMemory(this.db, id, memberId))) throw new AppError('not_found', { params: { of: 'memory' } });
  }
}

/** What the model is asked with: the member's memories and learned facts, the conversation's recent turns and the new message. */
interface ModelContext {
  memories: Awaited<ReturnType<typeof repo.relevantMemories>>;
  facts: string[];
  /** The facts the new message states. */
  learned: Fact[];
  turns: NonNullable<Awaited<ReturnType<typeof repo.conversationTurns>>>;
  latest: string;
}

/** A settled promise's value, or its error thrown. */
function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

function present(m: repo.MemoryRow): Memory {
  return { id: m.id, content: m.content, tags: m.tags, created_at: m.created_at.toISOString(), source: m.fact_key === null ? 'saved' : 'learned' };
}
