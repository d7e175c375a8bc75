import { z } from 'zod';
import { legalConfig, legalEnv, legalIssues } from './config-legal.js';
import { p256PublicKeyOf } from './platform/crypto/crypto.js';
import { parseStorageUrl, StorageUrlError } from './platform/storage/storage-url.js';
import { parseTrustProxy, TRUST_PROXY_HELP, type TrustProxy } from './platform/http/trust-proxy.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = (protocols: string[], example: string) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `must be a URL starting with ${protocols.join(' or ')} (e.g. ${example})` },
  );

function vapidPair(publicKey: string, privateKey: string): boolean {
  try {
    return p256PublicKeyOf(privateKey) === publicKey;
  } catch {
    return false;
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db'),
    REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only').default('funkeln:'),
    PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://funkeln.de'),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
    MAIL_FROM: z.string().min(3).default('Funkeln <noreply@funkeln.local>'),
    ADMIN_EMAILS: optionalString.transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: optionalUrl(['https:', 'http:'], 'https://accounts.google.com').transform(
      (v) => v ?? 'https://accounts.google.com',
    ),
    /** The reverse proxies in front: true (one), false, a hop count or proxy addresses/CIDRs (platform/http/trust-proxy.ts). */
    TRUST_PROXY: z
      .string()
      .default('false')
      .refine((v) => parseTrustProxy(v) !== undefined, { message: TRUST_PROXY_HELP })
      .transform((v): TrustProxy => parseTrustProxy(v) ?? false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEMO_DATA: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
    /** Sign-ups per IP address and hour (abuse guard); the e2e run, all from one address, raises it. */
    REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    COMPANION_BASE_URL: optionalUrl(['http:', 'https:'], 'http://127.0.0.1:11434/v1'),
    COMPANION_API_KEY: optionalString,
    COMPANION_MODEL: z.string().min(1).default('gpt-4o-mini'),
    COMPANION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    COMPANION_STREAM: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    COMPANION_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    /** Where photo files live: unset = DATA_DIR/photos; file:///shared/dir or an S3-compatible bucket (s3://...). */
    STORAGE_URL: optionalString.superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseStorageUrl(v);
      } catch (err) {
        if (!(err instanceof StorageUrlError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    }),
    /** When set, GET /metrics requires `Authorization: Bearer <token>`; unset, only loopback may scrape. */
    METRICS_TOKEN: optionalString,
    /** Embedded database only: on shutdown, write per-statement counts and times here as JSON (bench:load reads it). */
    DB_STATS_FILE: optionalString,
    /** Server processes for `npm run start:cluster` (default: one per core). */
    WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** How long a stopping process waits for open requests and sockets before it closes them. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** How often each process asks whether a scheduled job (escrow expiry, month-end freeze, cleanup) is due. */
    JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
    /** An outbox row (a mail, a push, a domain event) whose process died is taken by another process after this many seconds. */
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(6).max(3600).default(60),
    /** The OpenAPI UI and document at /api/docs; unset: on outside production, off in production. */
    API_DOCS: z.enum(['true', 'false']).optional(),
    /** Web Push (VAPID) keys, base64url as web-push prints them; unset: created once and kept in the database. */
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    /** Who push services may contact about this sender (mailto: or https:); default: the MAIL_FROM address. */
    VAPID_SUBJECT: optionalString.refine((v) => v === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), {
      message: 'must be a mailto: or https: URL (e.g. mailto:team@funkeln.de)',
    }),
    /** Tests only: push endpoints may be on loopback or private addresses and any port (the local push service); refused in production. */
    PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    /**
     * Tests only: the process stops at this point and waits to be killed (event-dispatch: a domain
     * event committed, before any consumer heard it; the crash test); refused in production.
     */
    FAULT_POINT: z.enum(['event-dispatch']).optional(),
    ...legalEnv,
  })
  .superRefine((c, ctx) => {
    for (const issue of legalIssues(c, c.NODE_ENV === 'production')) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (c.NODE_ENV === 'production' && !c.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (the dev mailbox is off there)' });
    }
    if (c.NODE_ENV === 'production' && c.PUSH_ALLOW_PRIVATE_ENDPOINTS) {
      ctx.addIssue({ code: 'custom', path: ['PUSH_ALLOW_PRIVATE_ENDPOINTS'], message: 'must not be set in production: it lets members make the server reach internal addresses' });
    }
    if (c.NODE_ENV === 'production' && c.FAULT_POINT) {
      ctx.addIssue({ code: 'custom', path: ['FAULT_POINT'], message: 'must not be set in production: it stops the server on purpose (crash tests only)' });
    }
    if (c.NODE_ENV === 'production' && c.DEMO_DATA) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_DATA'], message: 'must not be set in production: demo members never go into a production database' });
    }
    if (Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together' });
    }
    if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together' });
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together' });
    } else if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && !vapidPair(c.VAPID_PUBLIC_KEY, c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'must be the public key of VAPID_PRIVATE_KEY (base64url, as web-push generate-vapid-keys prints them)' });
    }
  })
  .transform((c) => ({
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    dbStatsFile: c.DB_STATS_FILE,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    adminEmails: c.ADMIN_EMAILS,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET, issuer: c.GOOGLE_ISSUER }
        : undefined,
    trustProxy: c.TRUST_PROXY,
    logLevel: c.LOG_LEVEL,
    devMailbox: !c.SMTP_URL && c.NODE_ENV !== 'production',
    demoData: c.DEMO_DATA,
    registrationsPerIpHour: c.REGISTRATIONS_PER_IP_HOUR,
    stripe:
      c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET } : undefined,
    /** Without Stripe, outside production: packs are booked at once, clearly labelled as a test. */
    testPayments: !(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET) && c.NODE_ENV !== 'production',
    /** An OpenAI-compatible chat-completions server; without it the embedded companion answers. */
    companion: {
      model: c.COMPANION_BASE_URL
        ? { baseUrl: c.COMPANION_BASE_URL, apiKey: c.COMPANION_API_KEY, model: c.COMPANION_MODEL, timeoutMs: c.COMPANION_TIMEOUT_MS, stream: c.COMPANION_STREAM }
        : undefined,
      concurrency: c.COMPANION_CONCURRENCY,
    },
    storageUrl: c.STORAGE_URL,
    metricsToken: c.METRICS_TOKEN,
    workers: c.WORKERS,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    jobPollMs: c.JOB_POLL_MS,
    mailLeaseSeconds: c.MAIL_LEASE_SECONDS,
    apiDocs: c.API_DOCS === undefined ? c.NODE_ENV !== 'production' : c.API_DOCS === 'true',
    vapid: {
      keys: c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : undefined,
      subject: c.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM}`,
    },
    pushAllowPrivateEndpoints: c.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    faultPoint: c.FAULT_POINT,
    /** The operator's details and what the Datenschutz page states beyond the code's constants. */
    legal: legalConfig(c),
  }));

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The only reader of process.env: parses it once and explains every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
