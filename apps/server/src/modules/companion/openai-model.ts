import { setTimeout as sleep } from 'node:timers/promises';
import { ModelUnavailableError, type CompanionModel, type CompletionRequest } from './model.js';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  retries: number;
  /** Ask for a streamed reply (server-sent events). */
  stream: boolean;
}

type Chunk = { choices?: { delta?: { content?: string }; message?: { content?: string }; finish_reason?: string | null }[] };

/**
 * The OpenAI chat-completions protocol (POST {base}/chat/completions): OpenAI, Ollama, llama.cpp's
 * server and vLLM all speak it. Each try has its own timeout; network errors, 429 and 5xx are
 * retried with backoff; every other answer is a failure. The timeout bounds the wait for the answer
 * and, when it streams, each pause between pieces (a long reply may take longer in all).
 */
export function createOpenAiModel(o: OpenAiOptions): CompanionModel {
  const url = `${o.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    kind: 'model',
    label: `Sprachmodell ${o.model}`,
    async complete(req) {
      let lastError: unknown;
      // Once pieces of a reply were handed on, another try would repeat them: a broken stream is final.
      let streamed = false;
      const onDelta = req.onDelta && ((text: string) => {
        streamed = true;
        req.onDelta?.(text);
      });
      for (let attempt = 0; attempt <= o.retries; attempt++) {
        if (attempt > 0) await sleep(250 * 2 ** (attempt - 1));
        try {
          return await once(url, o, { ...req, onDelta });
        } catch (err) {
          lastError = err;
          if (err instanceof FatalModelError || streamed) break;
        }
      }
      throw new ModelUnavailableError(`companion model failed: ${String(lastError)}`);
    },
  };
}

class FatalModelError extends Error {}

/** Aborts once `ms` pass without progress: the wait for the answer and, when it streams, each gap between its pieces. */
function idleTimeout(ms: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms);
  };
  touch();
  return { signal: controller.signal, touch, stop: () => clearTimeout(timer) };
}

async function once(url: string, o: OpenAiOptions, req: CompletionRequest): Promise<string> {
  const timeout = idleTimeout(o.timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify({ model: o.model, messages: req.messages, stream: o.stream, temperature: 0.7 }),
      signal: timeout.signal,
    });
    if (res.status === 429 || res.status >= 500) throw new Error(`model answered ${res.status}`);
    if (!res.ok) throw new FatalModelError(`model answered ${res.status}`);
    const streamed = o.stream && res.headers.get('content-type')?.includes('text/event-stream');
    const reply = streamed ? await readStream(res, timeout.touch, req.onDelta) : await readJson(res);
    if (!reply.trim()) throw new Error('model answered with an empty reply');
    return reply.trim();
  } finally {
    timeout.stop();
  }
}

async function readJson(res: Response): Promise<string> {
  const body = (await res.json()) as Chunk;
  return body.choices?.[0]?.message?.content ?? '';
}

/**
 * Server-sent events: `data: {chunk}` lines, ended by `data: [DONE]`. A stream that stops before
 * that and before a chunk with a finish_reason broke off: a failure, not a short reply.
 */
async function readStream(res: Response, progress: () => void, onDelta?: (text: string) => void): Promise<string> {
  if (!res.body) return '';
  const decoder = new TextDecoder();
  let buffer = '';
  let reply = '';
  let finished = false;
  for await (const bytes of res.body) {
    progress();
    buffer += decoder.decode(bytes as Uint8Array, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return reply;
      const choice = (JSON.parse(data) as Chunk).choices?.[0];
      if (choice?.finish_reason) finished = true;
      const piece = choice?.delta?.content ?? '';
      if (piece) {
        reply += piece;
        onDelta?.(piece);
      }
    }
  }
  if (!finished) throw new Error('model stream broke off');
  return reply;
}
