/**
 * Where PostgreSQL's reads went in a load run, per table (pg_stat_user_tables, so no extension
 * has to be preloaded): scans and rows by sequential scan and by index, the run's difference.
 */
import type pg from 'pg';

export type TableReads = Record<string, { seqScans: number; seqRows: number; idxScans: number; idxRows: number }>;

export async function readTableStats(client: pg.Client): Promise<TableReads> {
  const { rows } = await client.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null; idx_tup_fetch: string | null }>(
    'SELECT relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch FROM pg_stat_user_tables',
  );
  return Object.fromEntries(
    rows.map((r) => [r.relname, { seqScans: Number(r.seq_scan), seqRows: Number(r.seq_tup_read), idxScans: Number(r.idx_scan ?? 0), idxRows: Number(r.idx_tup_fetch ?? 0) }]),
  );
}

/** Prints the tables with the most rows read between the two readings. */
export function printTableReads(before: TableReads, after: TableReads, top = 8): void {
  const diff = Object.entries(after).map(([table, a]) => {
    const b = before[table] ?? { seqScans: 0, seqRows: 0, idxScans: 0, idxRows: 0 };
    return { table, seqScans: a.seqScans - b.seqScans, seqRows: a.seqRows - b.seqRows, idxScans: a.idxScans - b.idxScans, idxRows: a.idxRows - b.idxRows };
  });
  diff.sort((x, y) => y.seqRows + y.idxRows - (x.seqRows + x.idxRows));
  console.log('\nPostgreSQL rows read by table (sequential scans: scans / rows; index scans: scans / rows fetched):');
  for (const d of diff.slice(0, top)) {
    console.log(`  ${d.table.padEnd(24)} seq ${String(d.seqScans).padStart(7)} / ${String(d.seqRows).padStart(11)}   index ${String(d.idxScans).padStart(8)} / ${String(d.idxRows).padStart(10)}`);
  }
}
