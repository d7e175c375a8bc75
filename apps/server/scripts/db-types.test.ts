import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { SCHEMA_FILE, schemaTypes } from './db-types.js';

it('src/db/schema.ts is what the migrations produce (else run npm run db:types)', async () => {
  expect(await readFile(SCHEMA_FILE, 'utf8')).toBe(await schemaTypes());
});
