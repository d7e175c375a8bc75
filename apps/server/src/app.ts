import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { useGermanValidationMessages } from '@funkeln/contracts/locale';
import type { Container } from './container.js';
import { METRICS_PATH } from './modules/metrics/index.js';
import type { AppModule } from './platform/module.js';
import { registerDocs } from './platform/http/docs.js';
import { endpointAuth } from './platform/http/endpoint-auth.js';
import { endpointLimits } from './platform/http/endpoint-limits.js';
import { clientErrors, frameworkErrors, registerErrorHandling, type UndeclaredErrorListener } from './platform/http/errors.js';
import { createLogger } from './platform/logging/logger.js';
import { registerHttpMetrics } from './platform/metrics/http.js';
import { RealtimeGateway } from './platform/realtime/gateway.js';
import { echoRequestId, requestId } from './platform/http/request-id.js';
import { registerSecurityHeaders, securityHeaders } from './platform/http/security.js';
import { registerSpa } from './platform/http/spa.js';
import { proxyTrust } from './platform/http/trust-proxy.js';

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
    trustProxy: proxyTrust(c.config.trustProxy),
    bodyLimit: 64 * 1024,
    ...(options.logger === false
      ? { logger: false }
      : { loggerInstance: typeof options.logger === 'object' ? options.logger : createLogger(c.config) }),
    requestIdHeader: false, // read by requestId, which checks it
    genReqId: requestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    frameworkErrors: frameworkErrors(headersFor),
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, options.onUndeclaredError);
  echoRequestId(app);
  registerHttpMetrics(app, c.metrics, [METRICS_PATH]);
  registerSecurityHeaders(app, headersFor);
  // Every endpoint's declared auth level, then its declared limits, before its body is read (platform/http/endpoints.ts).
  app.addHook('onRequest', endpointAuth((token) => c.sessions.authenticate(token)));
  const limitHooks = endpointLimits(c.limiter, app.log);
  app.addHook('onRequest', limitHooks.onRequest);
  app.addHook('onResponse', limitHooks.onResponse);
  await registerDocs(app, c.config.apiDocs);

  // Each module's routes are one plugin of serve() calls whose full paths come from the contract table
  // (docs/ARCHITECTURE.md, "Request flow"; docs/decisions/0005-module-factories-and-the-composition-root.md).
  const modules: (AppModule<object> | undefined)[] = Object.values(c.modules);
  for (const module of modules) {
    if (module?.routes) await app.register(module.routes);
  }
  await registerSpa(app, options.webDist ?? WEB_DIST);

  const origin = new URL(c.config.publicUrl).origin;
  const realtime = new RealtimeGateway(app.server, {
    events: c.events,
    authenticate: async (token) => {
      const auth = await c.sessions.authenticate(token);
      return auth && { memberId: auth.user.id, sessionId: auth.sessionId };
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
    liveSessions: (ids) => c.sessions.liveSessionIds(ids),
  });
  app.decorate('realtime', realtime);
  const unwatchPresence = c.notifications.watchPresence(realtime);
  app.addHook('preClose', () => {
    unwatchPresence();
    return realtime.close();
  });
  return app;
}
