import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkModuleGraph, readModuleGraph } from '../../../scripts/module-graph.mjs';

// The module boundaries of docs/decisions/0006-boundary-rules-in-the-linter.md, checked with the
// repository's real eslint.config.js on small in-memory files placed (virtually) where the rule must or
// must not bite. The imports point at real files: the rule judges where an import lands.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleErrors(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const boundaryErrors = (filePath: string, code: string) => ruleErrors('boundaries/dependencies', filePath, code);
const syntaxErrors = (filePath: string, code: string) => ruleErrors('no-restricted-syntax', filePath, code);
const graphErrors = (filePath: string, code: string) => ruleErrors('funkeln/module-graph', filePath, code);
const cycleErrors = (filePath: string, code: string) => ruleErrors('funkeln/no-cycle', filePath, code);
/** Every rule's messages, as 'rule: message'. */
async function allErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

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

  it('refuses a module importing the composition root (container.ts, app.ts)', async () => {
    const container = await boundaryErrors('apps/server/src/modules/wallet/boundary-probe.ts', `import { createContainer } from '../../container.js';${use('createContainer')}`);
    const app = await boundaryErrors('apps/server/src/modules/auth/boundary-probe.ts', `import { buildApp } from '../../app.js';${use('buildApp')}`);
    const config = await boundaryErrors('apps/server/src/modules/auth/boundary-probe.ts', `import { loadConfig } from '../../config.js';${use('loadConfig')}`);
    expect(container).toEqual([expect.stringContaining('composition root')]);
    expect(app).toEqual([expect.stringContaining('composition root')]);
    expect(config).toEqual([]);
  });

  it('refuses platform/ and db/ importing the composition root', async () => {
    const fromPlatform = await boundaryErrors('apps/server/src/platform/http/boundary-probe.ts', `import { createContainer } from '../../container.js';${use('createContainer')}`);
    const fromDb = await boundaryErrors('apps/server/src/db/boundary-probe.ts', `import { buildApp } from '../app.js';${use('buildApp')}`);
    expect(fromPlatform).toEqual([expect.stringContaining('platform/ and db/')]);
    expect(fromDb).toHaveLength(1);
  });

  it('refuses platform/ and db/ importing a module, even through its index', async () => {
    const fromPlatform = await boundaryErrors(
      'apps/server/src/platform/events/boundary-probe.ts',
      `import { SessionService } from '../../modules/auth/index.js';${use('SessionService')}`,
    );
    const fromDb = await boundaryErrors('apps/server/src/db/boundary-probe.ts', `import { findProfile } from '../modules/profiles/index.js';${use('findProfile')}`);
    expect(fromPlatform).toEqual([expect.stringContaining('platform/ and db/')]);
    expect(fromDb).toHaveLength(1);
  });

  it('refuses a production module (or platform/) importing the demo generator, and the generator reaching into a module', async () => {
    const face = await boundaryErrors('apps/server/src/modules/swipes/boundary-probe.ts', `import { demoLikesBack } from '../../demo/index.js';${use('demoLikesBack')}`);
    const inner = await boundaryErrors('apps/server/src/modules/profiles/boundary-probe.ts', `import { createRng } from '../../demo/random.js';${use('createRng')}`);
    const fromPlatform = await boundaryErrors('apps/server/src/platform/concurrency/boundary-probe.ts', `import { createRng } from '../../demo/random.js';${use('createRng')}`);
    const intoModule = await boundaryErrors('apps/server/src/demo/boundary-probe.ts', `import { findProfile } from '../modules/profiles/profiles.repo.js';${use('findProfile')}`);
    const toRoot = await boundaryErrors('apps/server/src/demo/boundary-probe.ts', `import { createContainer } from '../container.js';${use('createContainer')}`);
    const allowed = await boundaryErrors(
      'apps/server/src/demo/boundary-probe.ts',
      `import { foldForSearch } from '../modules/places/index.js';\nimport { createRng } from './random.js';${use('[foldForSearch, createRng]')}`,
    );
    expect(face).toEqual([expect.stringContaining('demo generator')]);
    expect(inner).toEqual([expect.stringContaining('demo generator')]);
    expect(fromPlatform).toEqual([expect.stringContaining('platform/ and db/')]);
    expect(intoModule).toEqual([expect.stringContaining('public face')]);
    expect(toRoot).toEqual([expect.stringContaining('composition root')]);
    expect(allowed).toEqual([]);
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

  it('refuses web lib/ and components/ importing a feature or the app shell', async () => {
    const fromLib = await boundaryErrors('apps/web/src/lib/boundary-probe.ts', `import * as feed from '../features/feed/api';${use('feed')}`);
    const fromComponents = await boundaryErrors('apps/web/src/components/ui/boundary-probe.ts', `import * as wallet from '../../features/wallet/api';${use('wallet')}`);
    const toApp = await boundaryErrors('apps/web/src/lib/boundary-probe.ts', `import * as router from '../app/router';${use('router')}`);
    const shared = await boundaryErrors('apps/web/src/components/ui/boundary-probe.ts', `import { call } from '../../lib/api';${use('call')}`);
    expect(fromLib).toEqual([expect.stringContaining('lib/ and components/')]);
    expect(fromComponents).toEqual([expect.stringContaining('lib/ and components/')]);
    expect(toApp).toHaveLength(1);
    expect(shared).toEqual([]);
  });

  it('refuses the contracts importing server or web code, by path or by package name', async () => {
    const byPath = await allErrors('packages/contracts/src/boundary-probe.ts', `import { loadConfig } from '../../../apps/server/src/config.js';${use('loadConfig')}`);
    const byName = await allErrors('packages/contracts/src/boundary-probe.ts', `import { call } from '@funkeln/web/src/lib/api';${use('call')}`);
    const own = await allErrors('packages/contracts/src/boundary-probe.ts', `import { errorBody } from './errors.js';${use('errorBody')}`);
    expect(byPath).toEqual([expect.stringContaining('contracts are shared')]);
    expect(byName).toEqual([expect.stringContaining('contracts are shared')]);
    expect(own).toEqual([]);
  });

  it('refuses a web feature importing another feature, allows lib/ and its own files', async () => {
    const cross = await boundaryErrors('apps/web/src/features/wallet/boundary-probe.ts', `import * as feed from '../feed/api';${use('feed')}`);
    const shared = await boundaryErrors('apps/web/src/features/wallet/boundary-probe.ts', `import { call } from '../../lib/api';\nimport * as own from './api';${use('[call, own]')}`);
    expect(cross).toEqual([expect.stringContaining('web feature')]);
    expect(shared).toEqual([]);
  });
});

describe('the module graph (docs/ARCHITECTURE.md module table, funkeln/module-graph and funkeln/no-cycle)', { timeout: SLOW_MS }, () => {
  it('refuses a module using one its row does not name: a module cycle, or demo code on the production path', async () => {
    // wallet uses auth: auth using wallet would close a cycle.
    const cycle = await graphErrors('apps/server/src/modules/auth/graph-probe.ts', `import { WalletService } from '../wallet/index.js';${use('WalletService')}`);
    const demo = await graphErrors('apps/server/src/modules/swipes/graph-probe.ts', `import { demoLikesBack } from '../../demo/index.js';${use('demoLikesBack')}`);
    const typeOnly = await graphErrors('apps/server/src/modules/profiles/graph-probe.ts', `import type { FeedService } from '../feed/index.js';\nexport type Used = FeedService;\n`);
    expect(cycle).toEqual([expect.stringContaining("Module 'auth' may use settings")]);
    expect(demo).toEqual([expect.stringContaining("not 'demo'")]);
    expect(typeOnly).toHaveLength(1);
  });

  it("holds the demo generator (apps/server/src/demo/, outside modules/) to its row", async () => {
    const unnamed = await graphErrors('apps/server/src/demo/graph-probe.ts', `import { SessionService } from '../modules/auth/index.js';${use('SessionService')}`);
    const named = await graphErrors('apps/server/src/demo/graph-probe.ts', `import { foldForSearch } from '../modules/places/index.js';${use('foldForSearch')}`);
    expect(unnamed).toEqual([expect.stringContaining("Module 'demo' may use photos, places")]);
    expect(named).toEqual([]);
  });

  it('allows the edges of the table, and leaves the composition root and tests free', async () => {
    const allowed = await graphErrors('apps/server/src/modules/swipes/graph-probe.ts', `import { BlocksService } from '../blocks/index.js';${use('BlocksService')}`);
    const fromRoot = await graphErrors('apps/server/src/graph-probe.ts', `import { demoLikesBack } from './demo/index.js';${use('demoLikesBack')}`);
    const test = await graphErrors('apps/server/src/modules/auth/graph-probe.test.ts', `import { WalletService } from '../wallet/index.js';${use('WalletService')}`);
    expect([allowed, fromRoot, test]).toEqual([[], [], []]);
  });

  it('reads a table that names every module folder and has no cycle, and refuses one with a cycle or a missing row', () => {
    const graph = readModuleGraph();
    expect(graph.get('demo')).toEqual(['photos', 'places']);
    expect([...graph.values()].flat()).not.toContain('demo');
    const withCycle = new Map(graph).set('settings', ['messages']);
    expect(() => checkModuleGraph(withCycle)).toThrow(/a cycle: settings -> messages -> .*settings/);
    const missing = new Map(graph);
    missing.delete('legal');
    expect(() => checkModuleGraph(missing)).toThrow(/module 'legal' has no row/);
    const withoutDemo = new Map(graph);
    withoutDemo.delete('demo');
    expect(() => checkModuleGraph(withoutDemo)).toThrow(/module 'demo' has no row/);
    const usingDemo = new Map(graph).set('swipes', [...(graph.get('swipes') ?? []), 'demo']);
    expect(() => checkModuleGraph(usingDemo)).toThrow(/'swipes' may use 'demo': no production module uses the demo generator/);
  });

  it('refuses an import that closes a cycle of files, also through type-only imports', async () => {
    // sessions.service.ts imports session-cache.ts: the cache importing the service back closes a cycle.
    const value = await cycleErrors('apps/server/src/modules/auth/session-cache.ts', `import { SessionService } from './sessions.service.js';${use('SessionService')}`);
    const typeOnly = await cycleErrors('apps/server/src/modules/auth/session-cache.ts', `import type { SessionService } from './sessions.service.js';\nexport type Used = SessionService;\n`);
    const fine = await cycleErrors('apps/server/src/modules/auth/session-cache.ts', `import type { AuthContext } from './auth-context.js';\nexport type Used = AuthContext;\n`);
    expect(value).toEqual([expect.stringContaining('apps/server/src/modules/auth/session-cache.ts -> apps/server/src/modules/auth/sessions.service.ts -> apps/server/src/modules/auth/session-cache.ts')]);
    expect(typeOnly).toHaveLength(1);
    expect(fine).toEqual([]);
  });

  it("refuses a module's face handing out a repo", async () => {
    const reexport = await syntaxErrors('apps/server/src/modules/blocks/index.ts', "export { isBlockedEitherWay } from './blocks.repo.js';\n");
    const star = await syntaxErrors('apps/server/src/modules/wallet/index.ts', "export * from './ledger.repo.js';\n");
    const service = await syntaxErrors('apps/server/src/modules/blocks/index.ts', "export { BlocksService } from './blocks.service.js';\n");
    expect(reexport).toEqual([expect.stringContaining('never hands out a repo')]);
    expect(star).toHaveLength(1);
    expect(service).toEqual([]);
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

describe('imports the boundary rules can read (funkeln/visible-imports; holes the red team found)', { timeout: SLOW_MS }, () => {
  const visible = (filePath: string, code: string) => ruleErrors('funkeln/visible-imports', filePath, code);

  it('refuses import() of a template or computed path, where the boundary rules see nothing', async () => {
    const template = await visible('apps/server/src/platform/http/visible-probe.ts', 'export const c = () => import(`../../container.js`);\n');
    const computed = await visible('apps/server/src/modules/feed/visible-probe.ts', "const dir = '../blocks/';\nexport const b = () => import(dir + 'index.js');\n");
    const web = await visible('apps/web/src/lib/visible-probe.ts', 'export const f = () => import(`../features/feed/api`);\n');
    expect(template).toEqual([expect.stringContaining('plain string')]);
    expect(computed).toHaveLength(1);
    expect(web).toHaveLength(1);
  });

  it('refuses require() of a local file, directly or through createRequire', async () => {
    const direct = await visible(
      'apps/server/src/modules/feed/visible-probe.ts',
      "import { createRequire } from 'node:module';\nexport const b: unknown = createRequire(import.meta.url)('../blocks/index.ts');\n",
    );
    const named = await visible(
      'apps/server/src/modules/feed/visible-probe.ts',
      "import { createRequire } from 'node:module';\nconst req = createRequire(import.meta.url);\nexport const b: unknown = req('../../demo/index.ts');\n",
    );
    expect(direct).toEqual([expect.stringContaining('not require()')]);
    expect(named).toHaveLength(1);
  });

  it('refuses switching the boundary rules (or every rule) off for the next line in a comment, and leaves other rules and packages alone', async () => {
    const disabled = await visible(
      'apps/server/src/modules/feed/visible-probe.ts',
      "// eslint-disable-next-line funkeln/module-graph, boundaries/dependencies\nimport { isBlockedEitherWay } from '../blocks/blocks.repo.js';\nexport const b = isBlockedEitherWay;\n",
    );
    const everything = await visible('apps/server/src/modules/feed/visible-probe.ts', "// eslint-disable-next-line\nimport { isBlockedEitherWay } from '../blocks/blocks.repo.js';\nexport const b = isBlockedEitherWay;\n");
    const allowed = await visible(
      'apps/server/src/modules/verification/visible-probe.ts',
      "import { createRequire } from 'node:module';\n// eslint-disable-next-line require-yield -- a reason\nexport const v: unknown = createRequire(import.meta.url)('@vladmandic/face-api/package.json');\nexport const d = () => import('node:fs');\n",
    );
    expect(disabled).toEqual([expect.stringContaining('not switched off')]);
    expect(everything).toHaveLength(1);
    expect(allowed).toEqual([]);
  });

  it('lets no comment switch a rule off in the sources: a whole-file or same-line disable leaves every boundary error standing', async () => {
    const forbidden = "import { isBlockedEitherWay } from '../blocks/blocks.repo.js';";
    const wholeFile = await allErrors('apps/server/src/modules/feed/visible-probe.ts', `/* eslint-disable */\n${forbidden}\nexport const b = isBlockedEitherWay;\n`);
    const sameLine = await allErrors('apps/server/src/modules/feed/visible-probe.ts', `${forbidden} // eslint-disable-line\nexport const b = isBlockedEitherWay;\n`);
    const web = await allErrors('apps/web/src/lib/visible-probe.ts', "/* eslint-disable */\nimport { feedKeys } from '../features/feed/api';\nexport const k = feedKeys;\n");
    for (const errors of [wholeFile, sameLine]) {
      expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^funkeln\/module-graph: /), expect.stringMatching(/^boundaries\/dependencies: /), expect.stringMatching(/^funkeln\/visible-imports: .*not switched off/)]));
    }
    expect(web).toEqual(expect.arrayContaining([expect.stringMatching(/^funkeln\/visible-imports: .*not switched off/)]));
    expect(web.filter((e) => !e.startsWith('funkeln/visible-imports') && !e.startsWith('null'))).not.toEqual([]);
  });
});
