import { describe, expect, it } from 'vitest';
import { PLANNED_PER_RUN, StatementNames } from './statement-names.js';

describe('StatementNames', () => {
  it('names a text from its second run on, the same name each time', () => {
    const names = new StatementNames();
    expect(names.nameFor('SELECT 1 WHERE $1')).toBeUndefined();
    const name = names.nameFor('SELECT 1 WHERE $1');
    expect(name).toMatch(/^funkeln_\d+$/);
    expect(names.nameFor('SELECT 1 WHERE $1')).toBe(name);
    expect(names.nameFor('SELECT 2 WHERE $1')).toBeUndefined();
  });

  it('names at most max texts; the others stay unnamed', () => {
    const names = new StatementNames(2);
    for (const text of ['a', 'b', 'c']) names.nameFor(text);
    expect(names.nameFor('a')).toBeDefined();
    expect(names.nameFor('b')).toBeDefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('c')).toBeUndefined();
  });

  it('forgets texts seen once when too many were seen', () => {
    const names = new StatementNames(10, 2);
    names.nameFor('a');
    names.nameFor('b');
    names.nameFor('c'); // the seen set was full: cleared, then c
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('c')).toBeDefined();
  });

  it('gives a renamed text a new name; an unnamed text stays unnamed', () => {
    const names = new StatementNames();
    names.nameFor('a');
    const first = names.nameFor('a');
    names.rename('a');
    expect(names.nameFor('a')).not.toBe(first);
    names.rename('z');
    expect(names.nameFor('z')).toBeUndefined();
  });

  it('never names a text planned per run', () => {
    const names = new StatementNames();
    const text = `SELECT 1 ${PLANNED_PER_RUN}`;
    for (let i = 0; i < 3; i++) expect(names.nameFor(text)).toBeUndefined();
  });
});
