import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { useGermanValidationMessages } from '@funkeln/contracts/locale';
import type { Container } from './container.js';
import { accountsRoutes, googleRoutes } from './modules/accounts/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { companionRoutes } from './modules/companion/index.js';
import { devMailboxRoutes } from './modules/devmail/index.js';
import { discoveryRoutes } from './modules/discovery/index.js';
import { healthRoutes } from './modules/health/index.js';
import { messagingRoutes } from './modules/messaging/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { METRICS_PATH, metricsRoutes } from './modules/ops/index.js';
import { photosRoutes } from './modules/photos/index.js';
import { placesRoutes } from './modules/places/index.js';
import { profilesRoutes, shareRoutes } from './modules/profiles/index.js';
import { pushRoutes } from './modules/push/index.js';
import { privacyRoutes } from './modules/privacy/index.js';
import { rankingsRoutes } from './modules/rankings/index.js';
import { reportsRoutes } from './modules/safety/index.js';
import { paymentsRoutes, walletRoutes } from './modules/wallet/index.js';
import { registerDocs } from './platform/docs.js';
import { frameworkErrors, registerErrorHandling, type UndeclaredErrorListener } from './platform/errors.js';
import { createLogger } from './platform/logger.js';
import { registerHttpMetrics } from './platform/metrics/http.js';
import { RealtimeGateway } from './platform/realtime/gateway.js';
import { echoRequestId, requestId } from './platform/request-id.js';
import { registerSecurityHeaders, securityHeaders } from './platform/security.js';
import { registerSpa } from './platform/spa.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export interface AppOptions {
  /** false: no logging (tests); a logger: use it (main shares its one with the container); else a new JSON logger. */
  logger?: boolean | FastifyBaseLogger;
  webDist?: string;
  presenceIntervalMs?: number;
  /** Sockets over WebSocket only (cluster workers share a port without sticky sessions). */
  websocketOnly?: boolean;
  /** Told of every error answer whose code the route did not declare (the test harness fails on it). */
  onUndeclaredError?: UndeclaredErrorListener;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeGateway;
  }
}

/** Builds the HTTP app on a container; tests call this and use app.inject, main.ts listens. */
export async function buildApp(c: Container, options: AppOptions = {}): Promise<FastifyInstance> {
  useGermanValidationMessages();
  const headersFor = securityHeaders(c.config);
  const app = Fastify({
    trustProxy: c.config.trustProxy,
    bodyLimit: 64 * 1024,
    ...(options.logger === false
      ? { logger: false }
      : { loggerInstance: typeof options.logger === 'object' ? options.logger : createLogger(c.config) }),
    requestIdHeader: false, // read by requestId, which checks it
    genReqId: requestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    frameworkErrors: frameworkErrors(headersFor),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, options.onUndeclaredError);
  echoRequestId(app);
  registerHttpMetrics(app, c.metrics, [METRICS_PATH]);
  registerSecurityHeaders(app, headersFor);
  await registerDocs(app, c.config.apiDocs);

  await app.register(healthRoutes(c));
  await app.register(metricsRoutes(c.metrics, c.config.metricsToken));
  await app.register(accountsRoutes(c), { prefix: '/api' });
  await app.register(googleRoutes(c), { prefix: '/api' });
  await app.register(placesRoutes(c.places), { prefix: '/api' });
  await app.register(profilesRoutes(c.profiles, c.sessions), { prefix: '/api' });
  await app.register(photosRoutes(c.photos, c.sessions), { prefix: '/api' });
  await app.register(discoveryRoutes(c.feed, c.likes, c.sessions), { prefix: '/api' });
  await app.register(walletRoutes({ wallet: c.wallet, rewards: c.rewards, purchases: c.purchases, sessions: c.sessions }), { prefix: '/api' });
  if (c.payments.mode === 'stripe') await app.register(paymentsRoutes(c.payments.provider, c.purchases), { prefix: '/api' });
  await app.register(messagingRoutes(c, c.sessions), { prefix: '/api' });
  await app.register(rankingsRoutes(c.rankings, c.sessions), { prefix: '/api' });
  await app.register(companionRoutes(c.companion, c.sessions), { prefix: '/api' });
  await app.register(pushRoutes(c.push, c.sessions), { prefix: '/api' });
  await app.register(reportsRoutes(c.reports, c.sessions), { prefix: '/api' });
  await app.register(privacyRoutes(c.privacy, c.sessions), { prefix: '/api' });
  await app.register(notificationsRoutes(c.unsubscribes, c.limiter), { prefix: '/api' });
  await app.register(adminRoutes(c.admin, c.sessions), { prefix: '/api/admin' });
  await app.register(shareRoutes(c.profiles, c.photos, c.config.publicUrl));
  if (c.config.devMailbox) await app.register(devMailboxRoutes(c));
  await registerSpa(app, options.webDist ?? WEB_DIST);

  const origin = new URL(c.config.publicUrl).origin;
  const realtime = new RealtimeGateway(app.server, {
    events: c.events,
    authenticate: async (token) => {
      const auth = await c.sessions.authenticate(token);
      return auth && { userId: auth.user.id, sessionId: auth.sessionId };
    },
    allowedOrigins: c.config.nodeEnv === 'production' ? [origin] : [origin, 'http://localhost:5173'],
    securityHeaders: headersFor,
    redis: c.redis,
    redisPrefix: c.config.redisPrefix,
    log: app.log,
    presenceIntervalMs: options.presenceIntervalMs,
    metrics: c.metrics,
    websocketOnly: options.websocketOnly,
    typingAllowed: (from, to) => c.readState.typingAllowed(from, to),
  });
  app.decorate('realtime', realtime);
  const unwatchPresence = c.notifications.watchPresence(realtime);
  app.addHook('preClose', () => {
    unwatchPresence();
    return realtime.close();
  });
  return app;
}
