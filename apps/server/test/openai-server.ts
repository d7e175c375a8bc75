import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

/**
 * How the fake model answers the next requests: `held` streams the first word, then the rest once
 * `release` is called; `break` streams the first half of the words, then cuts the connection.
 */
export type Behaviour = { kind: 'reply' | 'held' | 'break'; text: string } | { kind: 'status'; status: number } | { kind: 'hang' };

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions),
 * streaming (server-sent events, as OpenAI sends them) or not, as the request asks. It records
 * every request; `behave` queues answers (the last one repeats).
 */
export async function startOpenAiServer() {
  const requests: ChatRequest[] = [];
  const authorizations: (string | undefined)[] = [];
  let queue: Behaviour[] = [{ kind: 'reply', text: 'Hallo, ich bin ein Testmodell.' }];
  const hanging: ServerResponse[] = [];
  // Every held reply waits for the next release (several may be held at once).
  let waiting: (() => void)[] = [];
  const released = () => new Promise<void>((resolve) => waiting.push(resolve));
  const release = () => {
    const held = waiting;
    waiting = [];
    for (const go of held) go();
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const body = JSON.parse(raw) as ChatRequest;
    requests.push(body);
    authorizations.push(req.headers.authorization);
    const behaviour = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (behaviour.kind === 'hang') {
      hanging.push(res);
      return;
    }
    if (behaviour.kind === 'status') {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'kaputt' } }));
      return;
    }
    if (!body.stream) {
      if (behaviour.kind === 'break') {
        res.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const words = behaviour.text.split(/(?<= )/);
    const held = behaviour.kind === 'held' ? released() : undefined;
    for (const [i, piece] of words.entries()) {
      if (behaviour.kind === 'break' && i >= words.length / 2) {
        res.destroy();
        return;
      }
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      if (i === 0 && held) await held;
      await new Promise((r) => setTimeout(r, 2));
    }
    res.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    behave(...next: Behaviour[]) {
      queue = next;
    },
    /** Lets every `held` reply go on. */
    release,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
