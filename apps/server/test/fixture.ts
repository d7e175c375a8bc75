import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../src/app.js';
import type { ContainerOverrides } from '../src/container.js';
import { createTestApp, listen, type TestApp } from './harness.js';
import { apiAs } from './members.js';
import { startSmtpServer, type TestSmtp } from './smtp.js';

export interface TestAppSetup {
  env?: Record<string, string>;
  options?: AppOptions;
  overrides?: ContainerOverrides;
  /** A real SMTP server the app sends to (SMTP_URL), read through `smtp`. */
  smtp?: boolean;
  /** Listen on a loopback port (sockets, real HTTP clients), answered by `base`. */
  listen?: boolean;
}

export interface TestAppFixture extends TestApp {
  readonly smtp: TestSmtp;
  /** The base URL the app listens on (`listen: true`). */
  readonly base: string;
  /** app.inject with a member's token; callable once the file's tests run. */
  api: ReturnType<typeof apiAs>;
}

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`useTestApp: no ${what} (it exists in tests, after beforeAll; ask for it in the setup)`);
  return value;
}

/**
 * One app on a fresh database for the whole test file (beforeAll/afterAll), optionally with an
 * SMTP server and a listening port; everything is closed after the file, the app first.
 */
export function useTestApp(setup: TestAppSetup = {}): TestAppFixture {
  let t: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  let base: string | undefined;
  beforeAll(async () => {
    if (setup.smtp) smtp = await startSmtpServer();
    t = await createTestApp({ ...(smtp ? { SMTP_URL: smtp.url } : {}), ...setup.env }, setup.options, setup.overrides);
    if (setup.listen) base = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  return {
    get app() {
      return ready(t, 'app').app;
    },
    get c() {
      return ready(t, 'app').c;
    },
    get smtp() {
      return ready(smtp, 'SMTP server (smtp: true)');
    },
    get base() {
      return ready(base, 'base URL (listen: true)');
    },
    api: (...args) => apiAs(ready(t, 'app').app)(...args),
    close: () => ready(t, 'app').close(),
  };
}
