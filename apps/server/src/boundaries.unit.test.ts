import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The module boundaries of docs/ARCHITECTURE.md, checked with the repository's real eslint.config.js
// on small in-memory files placed (virtually) where the rule must or must not bite. The imports
// point at real files: the rule judges where an import lands.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleErrors(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const boundaryErrors = (filePath: string, code: string) => ruleErrors('boundaries/dependencies', filePath, code);
const syntaxErrors = (filePath: string, code: string) => ruleErrors('no-restricted-syntax', filePath, code);

const use = (name: string) => `\nexport const used = ${name};\n`;

// Loading the config (typescript-eslint, the plugins) takes seconds on a busy machine: once, up front.
const SLOW_MS = 60_000;

describe('module boundaries (eslint boundaries/dependencies)', { timeout: SLOW_MS }, () => {
  beforeAll(() => boundaryErrors('apps/server/src/modules/messages/boundary-probe.ts', ''), SLOW_MS);

  it("refuses a module importing another module's repo", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/messages/boundary-probe.ts',
      `import { isBlockedEitherWay } from '../blocks/blocks.repo.js';${use('isBlockedEitherWay')}`,
    );
    expect(errors).toEqual([expect.stringContaining('public face')]);
  });

  it("refuses a module importing another module's service file directly", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/wallet/boundary-probe.ts',
      `import { SessionService } from '../auth/sessions.service.js';${use('SessionService')}`,
    );
    expect(errors).toHaveLength(1);
  });

  it("allows a module importing another module's index and its own files", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/messages/boundary-probe.ts',
      `import { isBlockedEitherWay } from '../blocks/index.js';\nimport { findMessage } from './messages.repo.js';${use('[isBlockedEitherWay, findMessage]')}`,
    );
    expect(errors).toEqual([]);
  });

  it('refuses platform/ and db/ importing a module, even through its index', async () => {
    const fromPlatform = await boundaryErrors(
      'apps/server/src/platform/boundary-probe.ts',
      `import { SessionService } from '../modules/auth/index.js';${use('SessionService')}`,
    );
    const fromDb = await boundaryErrors('apps/server/src/db/boundary-probe.ts', `import { findProfile } from '../modules/profiles/index.js';${use('findProfile')}`);
    expect(fromPlatform).toEqual([expect.stringContaining('platform/ and db/')]);
    expect(fromDb).toHaveLength(1);
  });

  it('leaves the composition root and tests free to reach into a module', async () => {
    const fromRoot = await boundaryErrors('apps/server/src/boundary-probe.ts', `import { findProfile } from './modules/profiles/profiles.repo.js';${use('findProfile')}`);
    const test = await boundaryErrors(
      'apps/server/src/modules/messages/boundary-probe.test.ts',
      `import { isBlockedEitherWay } from '../blocks/blocks.repo.js';${use('isBlockedEitherWay')}`,
    );
    expect(fromRoot).toEqual([]);
    expect(test).toEqual([]);
  });

  it('refuses a web feature importing another feature, allows lib/ and its own files', async () => {
    const cross = await boundaryErrors('apps/web/src/features/wallet/boundary-probe.ts', `import * as feed from '../feed/api';${use('feed')}`);
    const shared = await boundaryErrors('apps/web/src/features/wallet/boundary-probe.ts', `import { call } from '../../lib/api';\nimport * as own from './api';${use('[call, own]')}`);
    expect(cross).toEqual([expect.stringContaining('web feature')]);
    expect(shared).toEqual([]);
  });
});

describe('routes declared once (eslint no-restricted-syntax)', { timeout: SLOW_MS }, () => {
  it('refuses a module registering a route itself or writing an /api path', async () => {
    const registration = await syntaxErrors('apps/server/src/modules/wallet/route-probe.ts', `export const probe = (app: { get(p: string): void }) => app.get('/wallet');\n`);
    const path = await syntaxErrors('apps/server/src/modules/wallet/route-probe.ts', 'export const link = (id: string) => `/api/photos/${id}`;\n');
    expect(registration).toEqual([expect.stringContaining('serve(app, endpoints.x')]);
    expect(path).toEqual([expect.stringContaining('contract table')]);
  });

  it('refuses the web app writing an /api path instead of calling through the table', async () => {
    const literal = await syntaxErrors('apps/web/src/features/wallet/route-probe.ts', "export const url = '/api/wallet';\n");
    const template = await syntaxErrors('apps/web/src/lib/route-probe.ts', 'export const url = (id: string) => `/api/profile/${id}`;\n');
    expect(literal).toEqual([expect.stringContaining('call(endpoints.x')]);
    expect(template).toHaveLength(1);
  });

  it('leaves tests free to write URLs', async () => {
    expect(await syntaxErrors('apps/web/src/features/wallet/route-probe.test.ts', "export const url = '/api/wallet';\n")).toEqual([]);
    expect(await syntaxErrors('apps/server/src/modules/wallet/route-probe.test.ts', "export const url = '/api/wallet';\n")).toEqual([]);
  });
});
