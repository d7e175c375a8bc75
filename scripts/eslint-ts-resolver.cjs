// ESLint import resolver (interface v2) for eslint-plugin-boundaries and the repository's own rules
// (scripts/eslint-plugin-funkeln.mjs): maps the NodeNext specifiers this repository writes ('./x.js' for
// ./x.ts, './x' in the web app) to the files on disk, so the rules see where a relative import lands.
// Bare specifiers (packages) are left unresolved: the rules only judge local files.
const fs = require('node:fs');
const path = require('node:path');

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function candidates(base) {
  const stem = base.replace(/\.(js|mjs|cjs|jsx)$/, '');
  return [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext))];
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (!source.startsWith('.') && !path.isAbsolute(source)) return { found: false };
  const base = path.resolve(path.dirname(file), source);
  const hit = candidates(base).find(isFile);
  return hit ? { found: true, path: hit } : { found: false };
};
