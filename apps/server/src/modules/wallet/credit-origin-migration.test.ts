import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { apiAs, ledgerProblems, memberWithProfile, type ApiMember } from '../../../test/members.js';

// Migration 013 classifies credits booked before the ledger knew their origin (docs/CREDITS.md):
// bought up to what the member bought and kept, the rest free.
let t: TestApp;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
});
afterAll(() => t.close());

/** Books a movement as the ledger did before migration 013: no free part anywhere. */
async function legacy(m: ApiMember, kind: string, amount: number, system: number): Promise<void> {
  await t.c.db.transaction(async (tx) => {
    const account = await t.c.ledger.walletAccount(tx, m.id);
    const id = randomUUID();
    await tx.query('INSERT INTO ledger_transactions (id, kind) VALUES ($1, $2)', [id, kind]);
    await tx.query('INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, $3), ($1, $4, $5)', [id, account, amount, system, -amount]);
    await tx.query('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [account, amount]);
  });
}

/** The data part of migration 013, run again over the legacy bookings. */
async function classify(): Promise<void> {
  const sql = await readFile(new URL('../../db/migrations/013-credit-origin.sql', import.meta.url), 'utf8');
  const data = sql.replace(/^ALTER TABLE .*;$/gm, ''); // each ALTER TABLE of 013 is one line
  await t.c.db.transaction((tx) => tx.exec(data));
}

const wallet = async (m: ApiMember) => (await api('GET', '/api/wallet', m.token)).json<{ credits: number; freeCredits: number; history: { amount: number }[] }>();

describe('migration 013', () => {
  it('counts old credits as bought up to net purchases, the rest as free, with a balanced reclassification the history hides', async () => {
    const buyer = await memberWithProfile(t.app, 'Käuferin', 'female');
    const farmer = await memberWithProfile(t.app, 'Farmer', 'male');
    const spender = await memberWithProfile(t.app, 'Sparsam', 'male');
    await legacy(buyer, 'reward.login', 10, 2);
    await legacy(buyer, 'purchase', 50, 3);
    await legacy(farmer, 'reward.login', 10, 2);
    await legacy(farmer, 'reward.upload_photo', 25, 2);
    await legacy(spender, 'purchase', 50, 3);
    await legacy(spender, 'message', -45, 4);
    await legacy(spender, 'reward.login', 10, 2);
    await classify();
    expect(await wallet(buyer)).toMatchObject({ credits: 60, freeCredits: 10 });
    expect(await wallet(farmer)).toMatchObject({ credits: 35, freeCredits: 35 });
    // 15 left of which at most 50 were bought: all of them count as bought.
    expect(await wallet(spender)).toMatchObject({ credits: 15, freeCredits: 0 });
    expect((await wallet(buyer)).history.map((h) => h.amount)).toEqual([50, 10]);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});
