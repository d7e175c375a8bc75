import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake API got it; form holds the decoded fields by their bracketed names. */
export interface StripeApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** e.g. form['line_items[0][price_data][unit_amount]'] === '999' */
  form: Record<string, string>;
}

/** The fields of a Checkout session this project reads or sends on. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open';
  payment_status: 'unpaid';
  payment_intent: null;
  client_reference_id: string | null;
  customer_email: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  livemode: false;
  created: number;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A small stand-in for the Stripe API on 127.0.0.1 (real HTTP, what the `stripe` package sends):
 * POST /v1/checkout/sessions makes an open, unpaid session; a repeated Idempotency-Key gets the
 * first answer again, as on Stripe. Every request is recorded.
 */
export async function startStripeApi() {
  const requests: StripeApiRequest[] = [];
  const sessions: FakeCheckoutSession[] = [];
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stripe.test').pathname;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });
      if (req.method !== 'POST' || path !== '/v1/checkout/sessions') {
        return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
      }
      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      const session = replay ?? createSession(form);
      if (!replay) sessions.push(session);
      if (typeof key === 'string') byIdempotencyKey.set(key, session);
      send(res, 200, session, replay ? { 'idempotent-replayed': 'true' } : {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** For createStripeProvider({ api }). */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    sessions,
    /** The session behind a Checkout URL the app handed out. */
    sessionAt(url: string): FakeCheckoutSession {
      const session = sessions.find((s) => s.url === url);
      if (!session) throw new Error(`no Checkout session with url ${url}`);
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeApi = Awaited<ReturnType<typeof startStripeApi>>;

function createSession(form: Record<string, string>): FakeCheckoutSession {
  const id = `cs_test_${hex(12)}`;
  const item = 'line_items[0]';
  const metadata = Object.fromEntries(
    Object.entries(form).flatMap(([name, value]) => {
      const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
      return field ? [[field, value]] : [];
    }),
  );
  return {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    mode: form.mode ?? 'payment',
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    client_reference_id: form.client_reference_id ?? null,
    customer_email: form.customer_email ?? null,
    amount_total: Number(form[`${item}[price_data][unit_amount]`] ?? 0) * Number(form[`${item}[quantity]`] ?? 1),
    currency: form[`${item}[price_data][currency]`] ?? '',
    metadata,
    success_url: form.success_url ?? '',
    cancel_url: form.cancel_url ?? '',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
}

function send(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(8)}`, ...headers }).end(JSON.stringify(body));
}
