import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import funkeln from './scripts/eslint-plugin-funkeln.mjs';
import { readModuleGraph } from './scripts/module-graph.mjs';

// Module boundaries (docs/decisions/0006-boundary-rules-in-the-linter.md). eslint-plugin-boundaries checks the layers
// (elements are folders, patterns from the repository root); the repository's own rules
// (scripts/eslint-plugin-funkeln.mjs) check which server module may use which, from the module table of
// docs/ARCHITECTURE.md (read by scripts/module-graph.mjs: a missing row or a cycle there fails the config),
// and that no files import each other in a cycle. Deliberately unrestricted (docs/ARCHITECTURE.md, "Boundary rules", lists
// the same exceptions):
// - the composition root (apps/server/src/*.ts: container, app, start, main, cluster; config.ts is
//   read by all), apps/server/src/backup/ (backup CLI), apps/server/scripts/, bench/, e2e/;
// - tests (*.test.ts, apps/server/test/, apps/web/src/test/): they arrange state through any module's repos.
const moduleGraph = readModuleGraph();

const elements = [
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['name'], partialMatch: false },
  // The demo generator: shaped like a module, but kept outside the production module tree.
  { type: 'server-demo', pattern: 'apps/server/src/demo', partialMatch: false },
  { type: 'server-platform', pattern: 'apps/server/src/platform', partialMatch: false },
  { type: 'server-db', pattern: 'apps/server/src/db', partialMatch: false },
  // The rest of the server's source: the composition root (compositionRoot below), config.ts, backup/.
  { type: 'server-src', pattern: 'apps/server/src', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'], partialMatch: false },
  { type: 'web-shared', pattern: 'apps/web/src/{lib,components}', partialMatch: false },
  { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
  { type: 'contracts', pattern: 'packages/contracts', partialMatch: false },
  // Everything else of the server and the web app (scripts, tests, i18n, styles): free, but not for contracts.
  { type: 'server', pattern: 'apps/server', partialMatch: false },
  { type: 'web', pattern: 'apps/web', partialMatch: false },
];

const compositionRoot = { type: 'server-src', fileInternalPath: '{app,container,start,main,cluster}.ts' };

const boundaryPolicies = [
  {
    from: { element: { types: ['server-module', 'server-demo'] } },
    disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
    message: "A module imports another module only through its public face (modules/<name>/index.ts), not '{{to.fileInternalPath}}'.",
  },
  {
    from: { element: { types: ['server-module', 'server-demo'] } },
    disallow: { to: { element: compositionRoot } },
    message: 'A module never imports the composition root (container.ts, app.ts, start.ts, ...): it is given what it needs.',
  },
  {
    from: { element: { type: 'server-module' } },
    disallow: { to: { element: { type: 'server-demo' } } },
    message: 'A production module never imports the demo generator (apps/server/src/demo/): the composition root passes its hooks in.',
  },
  {
    from: { element: { types: ['server-platform', 'server-db'] } },
    disallow: { to: { element: [{ type: 'server-module' }, { type: 'server-demo' }, compositionRoot] } },
    message: 'platform/ and db/ sit below the modules and the composition root and import none of them; pass what they need in from the composition root.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { types: ['web-feature', 'web-app'] } } },
    message: 'A web feature does not import another feature or the app shell; move what both need to components/ or lib/.',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { types: ['web-feature', 'web-app'] } } },
    message: 'lib/ and components/ sit below the features and the app shell and import none of them.',
  },
  {
    from: { element: { type: 'contracts' } },
    disallow: { to: { element: { types: ['server-*', 'server', 'web-*', 'web'] } } },
    message: 'The contracts are shared by server and web app and import neither.',
  },
];

// What a server module may not write (no-restricted-syntax in modules/; its face adds one more below).
const moduleSyntax = [
  {
    selector: "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name='error']",
    message: 'Answer errors by throwing AppError with a code of the catalogue (@funkeln/contracts/errors).',
  },
  {
    selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|head|post|put|patch|delete|options|all|route)$/]",
    message: 'Register endpoints from the contract table: serve(app, endpoints.x, handler) (platform/http/endpoints.ts).',
  },
  {
    selector: 'Literal[value=/^\\/(api|share)\\//], TemplateElement[value.raw=/^\\/(api|share)\\//]',
    message: 'Take paths from the contract table (endpoint.path, pathOf(endpoint.path, params)); no URL path is written twice.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'bench/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests are exempt here; the composition root is exempt by no policy starting from it (see above).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-ts-resolver.cjs', import.meta.url))]: {} },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }] },
  },
  {
    // No import cycles between files, type-only imports included.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { funkeln },
    rules: { 'funkeln/no-cycle': 'error' },
  },
  {
    // No rule is switched off in a comment in the apps' and packages' sources: a whole-file
    // `/* eslint-disable */` would also silence the report of the comment itself (the red team's
    // last way past the boundary rules). Code that a rule misreads is rewritten instead.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    linterOptions: { noInlineConfig: true },
  },
  {
    // Imports the boundary rules can read: plain-string paths, no require() of local files, no disabling them in a comment.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { funkeln },
    rules: { 'funkeln/visible-imports': 'error' },
  },
  {
    // A server module (and the demo generator) uses only the modules its row of the module table names (demo: none does).
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/demo/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'funkeln/module-graph': ['error', { graph: Object.fromEntries(moduleGraph) }] },
  },
  {
    // The contracts are the bottom of both apps: a workspace package name does not get around the element rule above.
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@funkeln/(?!contracts/)', message: 'The contracts are shared by server and web app and import neither.' }] }],
    },
  },
  {
    // Error answers come from the catalogue: throw AppError (platform/http/errors.ts sends it), never a hand-made { error } body.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/http/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name='error']",
          message: 'Answer errors by throwing AppError with a code of the catalogue (@funkeln/contracts/errors).',
        },
      ],
    },
  },
  {
    // Endpoints are declared once, in packages/contracts/src/routes/<domain>.ts: modules register them with serve()
    // and never write a route or an /api path themselves (docs/decisions/0001-endpoints-declared-once-in-contracts.md).
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/demo/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moduleSyntax] },
  },
  {
    // A module's face (index.ts) hands out services, types and constants, never its repos (docs/ARCHITECTURE.md, "Module map").
    files: ['apps/server/src/modules/*/index.ts', 'apps/server/src/demo/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...moduleSyntax,
        {
          selector: ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/\\.repo(\\.js)?$/]',
          message: "A module's face never hands out a repo: give other modules a service method (it may take their transaction) or a port the composition root passes in.",
        },
      ],
    },
  },
  {
    // The web app calls the API through the contract table: call(endpoints.x, ...) / hrefOf(endpoints.x, ...).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the API through the contract table: call(endpoints.x, ...) or hrefOf(endpoints.x, ...) (lib/api.ts).',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
