import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('splits at a semicolon that ends a line and drops comments', () => {
    expect(splitStatements('-- c\nCREATE TABLE a (x int);\nCREATE INDEX i ON a (x);\n')).toEqual(['CREATE TABLE a (x int)', 'CREATE INDEX i ON a (x)']);
  });

  it('keeps a $$-quoted function body whole', () => {
    const sql = 'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN NULL;\nEND $$;\nSELECT 1;\n';
    expect(splitStatements(sql)).toEqual(['CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN NULL;\nEND $$', 'SELECT 1']);
  });
});
