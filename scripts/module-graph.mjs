// The server's module graph as docs/ARCHITECTURE.md declares it ("Module map", the table between the
// module-graph markers): which module may use which. eslint.config.js builds its boundary rules from it,
// so the table is the one place an edge is allowed. Reading it fails (and with it `npm run lint`) when the
// table is missing, names a module that does not exist or leaves one out, has a cycle, or lets a module
// use the demo generator.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const DOC = 'docs/ARCHITECTURE.md';
const START = '<!-- module-graph:start';
const END = '<!-- module-graph:end -->';

// Where the table's names live: the production modules in apps/server/src/modules/<name>/, and the demo
// generator (row 'demo') beside them in apps/server/src/demo/, outside the production module tree. Its
// row says which modules it uses; no row may name it (the composition root passes its hooks in).
const MODULES_DIR = 'apps/server/src/modules';
const DEMO = 'demo';
const DEMO_DIR = 'apps/server/src/demo';

/** The module-table name of the folder an absolute file path lies in (a production module or 'demo'), if any. @param {string} file */
export function tableNameOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  const dir = rel.slice(0, 4).join('/');
  if (dir === DEMO_DIR && rel.length > 4) return DEMO;
  if (dir === MODULES_DIR && rel.length > 4) return rel[4];
  return undefined;
}

/** Module name -> the modules it may use (through their index.ts), from the doc's table. @returns {Map<string, string[]>} */
export function readModuleGraph() {
  const doc = readFileSync(root + DOC, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${DOC}: the module table between '${START} ...' and '${END}' is missing`);
  const rows = doc
    .slice(from, to)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) => line.split('|').map((cell) => cell.replaceAll('`', '').trim()));
  /** @type {Map<string, string[]>} */
  const graph = new Map(rows.map(([, name = '', uses = '']) => [name, uses === '-' ? [] : uses.split(',').map((u) => u.trim())]));
  checkModuleGraph(graph);
  return graph;
}

/** @param {Map<string, string[]>} graph */
export function checkModuleGraph(graph) {
  const modules = readdirSync(root + MODULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const folders = existsSync(root + DEMO_DIR) ? [...modules, DEMO] : modules;
  const problems = [
    ...(modules.includes(DEMO) ? [`${MODULES_DIR}/${DEMO}: the demo generator lives in ${DEMO_DIR}/, outside the production modules`] : []),
    ...folders.filter((m) => !graph.has(m)).map((m) => `module '${m}' has no row`),
    ...[...graph.keys()].filter((m) => !folders.includes(m)).map((m) => `row '${m}' names no module folder`),
    ...[...graph].flatMap(([m, uses]) => uses.filter((u) => !graph.has(u) || u === m).map((u) => `'${m}' may use '${u}': no such other module`)),
    ...[...graph].filter(([, uses]) => uses.includes(DEMO)).map(([m]) => `'${m}' may use '${DEMO}': no production module uses the demo generator (the composition root passes its hooks in)`),
  ];
  const cycle = findCycle(graph);
  if (cycle) problems.push(`a cycle: ${cycle.join(' -> ')}`);
  if (problems.length > 0) throw new Error(`${DOC}, module table: ${problems.join('; ')}`);
}

/** The first cycle found (depth first), as a path that ends where it starts, or undefined. @param {Map<string, string[]>} graph */
function findCycle(graph) {
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @type {string[]} */
  const path = [];
  /** @param {string} m @returns {string[] | undefined} */
  const visit = (m) => {
    if (state.get(m) === 'done') return undefined;
    if (state.get(m) === 'open') return [...path.slice(path.indexOf(m)), m];
    state.set(m, 'open');
    path.push(m);
    for (const u of graph.get(m) ?? []) {
      const found = visit(u);
      if (found) return found;
    }
    path.pop();
    state.set(m, 'done');
    return undefined;
  };
  for (const m of graph.keys()) {
    const found = visit(m);
    if (found) return found;
  }
  return undefined;
}
