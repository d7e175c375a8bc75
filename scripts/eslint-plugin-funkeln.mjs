// The repository's own ESLint rules (docs/decisions/0006-boundary-rules-in-the-linter.md):
// - funkeln/no-cycle: no file imports a file that leads back to it. Unlike import-x/no-cycle it counts
//   type-only imports: a cycle through a type is still two files that cannot be read, moved or split one
//   without the other.
// - funkeln/module-graph: a server module (and the demo generator, apps/server/src/demo/) imports only the
//   modules its row of the module table allows (the table comes in as the rule's option, read from
//   docs/ARCHITECTURE.md by scripts/module-graph.mjs; no row names demo).
// - funkeln/visible-imports: every import names its file in a plain string, so the rules above and
//   eslint-plugin-boundaries see it: no import() of a template or computed path, no require() of a local
//   file, and no eslint-disable comment for the boundary rules (the red team got past all three).
// Imports are resolved as eslint-plugin-boundaries resolves them (scripts/eslint-ts-resolver.cjs). The
// linted file's imports come from its AST (so an unsaved edit counts); the files behind them are read
// from disk with TypeScript's import scanner (ts.preProcessFile: no parse, no type check), once per run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { tableNameOf } from './module-graph.mjs';

const require = createRequire(import.meta.url);
const { resolve } = require('./eslint-ts-resolver.cjs');

/** @param {string} specifier @param {string} from */
function target(specifier, from) {
  const hit = resolve(specifier, from);
  return hit.found ? /** @type {string} */ (hit.path) : undefined;
}

/** @type {Map<string, string[]>} file -> the local files it imports (type-only imports included) */
const importsOnDisk = new Map();

/** @param {string} file */
function importsOf(file) {
  let found = importsOnDisk.get(file);
  if (!found) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    found = importedFiles.map((f) => target(f.fileName, file)).filter((f) => f !== undefined);
    importsOnDisk.set(file, found);
  }
  return found;
}

/** @type {Map<string, Set<string>>} file -> every file its imports lead to */
const reachableFrom = new Map();

/** @param {string} start */
function reachable(start) {
  let seen = reachableFrom.get(start);
  if (!seen) {
    seen = new Set();
    const stack = [start];
    while (stack.length > 0) {
      for (const next of importsOf(/** @type {string} */ (stack.pop()))) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    reachableFrom.set(start, seen);
  }
  return seen;
}

/** The import chain from `start` back to `file` (the shortest), or undefined. @param {string} start @param {string} file */
function pathBack(start, file) {
  if (!reachable(start).has(file)) return undefined;
  const cameFrom = new Map([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const at = /** @type {string} */ (queue.shift());
    for (const next of importsOf(at)) {
      if (next === file) {
        const chain = [at];
        while (chain[0] !== start) chain.unshift(/** @type {string} */ (cameFrom.get(chain[0])));
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * Calls `check(node, resolvedFile)` for each import, export-from and dynamic import of a local file.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {(node: import('eslint').Rule.Node, to: string) => void} check
 */
function eachImport(context, check) {
  /** @param {import('eslint').Rule.Node & { source?: import('eslint').Rule.Node | null }} node */
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    const to = target(source.value, context.physicalFilename);
    if (to && to !== context.physicalFilename) check(node, to);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import whose file leads back to the importing file (type-only imports count).' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both sides need into a file of its own, or pass it in.' },
  },
  create(context) {
    const file = context.physicalFilename;
    return eachImport(context, (node, to) => {
      const chain = pathBack(to, file);
      if (!chain) return;
      const short = (/** @type {string} */ f) => path.relative(context.cwd, f);
      context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain, file].map(short).join(' -> ') } });
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const moduleGraph = {
  meta: {
    type: 'problem',
    docs: { description: "Allow a server module to import only the modules its row of docs/ARCHITECTURE.md's module table names." },
    schema: [{ type: 'object', properties: { graph: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } }, required: ['graph'] }],
    messages: {
      notAllowed:
        "Module '{{from}}' may use {{allowed}} (the module table in docs/ARCHITECTURE.md), not '{{to}}': add the edge there if it belongs (it must stay free of cycles), or pass what is needed in from the composition root.",
    },
  },
  create(context) {
    const from = tableNameOf(context.physicalFilename);
    if (!from) return {};
    /** @type {string[]} */
    const uses = context.options[0].graph[from] ?? [];
    return eachImport(context, (node, file) => {
      const to = tableNameOf(file);
      if (to && to !== from && !uses.includes(to)) {
        context.report({ node, messageId: 'notAllowed', data: { from, to, allowed: uses.join(', ') || 'no other module' } });
      }
    });
  },
};

/** A require() of this process or of createRequire(...): `require(x)`, `createRequire(u)(x)`, `req(x)` after `const req = createRequire(u)`. */
const requireNames = new Set(['require']);

/** @type {import('eslint').Rule.RuleModule} */
const visibleImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Every import names its file in a plain string the boundary rules can read.' },
    schema: [],
    messages: {
      computed: "Write the imported path as a plain string ('...'): the boundary rules do not read a template or a computed path.",
      localRequire: 'Import local files with import, not require(): the boundary rules do not read require().',
      disabled: 'The boundary rules are not switched off in a comment: change the module table in docs/ARCHITECTURE.md instead.',
    },
  },
  create(context) {
    const names = new Set(requireNames);
    for (const comment of context.sourceCode.getAllComments()) {
      const directive = /^\s*eslint-disable(?:-next-line|-line)?(?=\s|$)(.*?)(?:\s--\s.*)?$/s.exec(comment.value);
      const rules = directive?.[1]?.trim();
      if (directive && (!rules || /\b(funkeln|boundaries)\//.test(rules))) context.report({ loc: comment.loc ?? { line: 1, column: 0 }, messageId: 'disabled' });
    }
    /** @param {{ type: string, value?: unknown } | undefined} arg */
    const plainPackage = (arg) => arg?.type === 'Literal' && typeof arg.value === 'string' && !/^[./]/.test(arg.value);
    return {
      ImportExpression(node) {
        if (node.source.type !== 'Literal') context.report({ node, messageId: 'computed' });
      },
      VariableDeclarator(node) {
        const init = node.init;
        if (node.id.type === 'Identifier' && init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'createRequire') names.add(node.id.name);
      },
      CallExpression(node) {
        const callee = node.callee;
        const isRequire =
          (callee.type === 'Identifier' && names.has(callee.name)) ||
          (callee.type === 'CallExpression' && callee.callee.type === 'Identifier' && callee.callee.name === 'createRequire') ||
          (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && names.has(callee.object.name) && callee.property.type === 'Identifier' && callee.property.name === 'resolve');
        if (isRequire && !plainPackage(node.arguments[0])) context.report({ node, messageId: 'localRequire' });
      },
    };
  },
};

export default { rules: { 'no-cycle': noCycle, 'module-graph': moduleGraph, 'visible-imports': visibleImports } };
