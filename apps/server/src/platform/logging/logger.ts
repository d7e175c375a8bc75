import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../../config.js';
import { safeError } from './log-error.js';

/** Query parameters that are credentials: mail and session tokens, OAuth code/state, photo-link signatures. */
const SECRET_QUERY = /([?&](?:token|code|state|sig)=)[^&#]*/gi;
function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

/**
 * The process's one logger: JSON lines on stdout for Fastify and for every service. Requests are
 * logged as method, URL without secrets and address only: never headers, never bodies.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Defence in depth: nothing logs these today, and nothing may start to.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.token', '*.authorization', '*.cookie'],
        censor: '***',
      },
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: safeError,
      },
    },
    destination,
  );
}
