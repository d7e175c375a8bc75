import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (docs/ARCHITECTURE.md, "Boundary rules"), checked by eslint-plugin-boundaries.
// Elements are folders. Deliberately unrestricted (docs/ARCHITECTURE.md lists the same exceptions):
// - the composition root, which sits in no element: apps/server/src/*.ts (container, app, start,
//   main, cluster, config), apps/server/src/ops/ (backup CLI), apps/server/scripts/, bench/, e2e/;
// - tests (*.test.ts, apps/server/test/): they arrange state through any module's repos.
const elements = [
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
  { type: 'server-platform', pattern: 'apps/server/src/platform' },
  { type: 'server-db', pattern: 'apps/server/src/db' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
];

const boundaryPolicies = [
  {
    from: { element: { type: 'server-module' } },
    disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
    message: "A module imports another module only through its public face (modules/<name>/index.ts), not '{{to.fileInternalPath}}'.",
  },
  {
    from: { element: { types: ['server-platform', 'server-db'] } },
    disallow: { to: { element: { type: 'server-module' } } },
    message: 'platform/ and db/ sit below the modules and import none of them; pass what they need in from the composition root.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message: 'A web feature does not import another feature; move what both need to components/ or lib/.',
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
    // Tests are exempt here; the composition root is exempt by sitting in no element (see above).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-ts-resolver.cjs', import.meta.url))]: {} },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }] },
  },
  {
    // Error answers come from the catalogue: throw AppError (platform/errors.ts sends it), never a hand-made { error } body.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/errors.ts'],
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
    // and never write a route or an /api path themselves (docs/ARCHITECTURE.md, "Request flow").
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name='error']",
          message: 'Answer errors by throwing AppError with a code of the catalogue (@funkeln/contracts/errors).',
        },
        {
          selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|head|post|put|patch|delete|options|all|route)$/]",
          message: 'Register endpoints from the contract table: serve(app, endpoints.x, handler) (platform/endpoints.ts).',
        },
        {
          selector: 'Literal[value=/^\\/(api|share)\\//], TemplateElement[value.raw=/^\\/(api|share)\\//]',
          message: 'Take paths from the contract table (endpoint.path, pathOf(endpoint.path, params)); no URL path is written twice.',
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
