/**
 * What PostgreSQL wrote to its write-ahead log during a load run (pg_stat_wal, the whole server's:
 * the bench box runs nothing else): records, full-page images, bytes, and the WAL syncs commits
 * wait for (their time where `track_wal_io_timing = on`). Where the pg_walinspect extension can be
 * created (PostgreSQL 15 contrib, as a superuser), it also prints which relations the full-page
 * images were of: the first change to a page after a checkpoint logs the whole 8 KB page, so
 * writes that touch many random pages of large tables fill the WAL, and commits queue behind its
 * flushes with the CPU idle.
 */
import type pg from 'pg';

export interface WalReading {
  lsn: string;
  records: number;
  fpi: number;
  bytes: number;
  syncs: number;
  syncMs: number;
}

export async function readWal(client: pg.Client): Promise<WalReading> {
  const { rows } = await client.query<{ lsn: string; records: string; fpi: string; bytes: string; syncs: string; sync_ms: number }>(
    `SELECT pg_current_wal_lsn()::text AS lsn, wal_records AS records, wal_fpi AS fpi, wal_bytes AS bytes,
            wal_sync AS syncs, wal_sync_time::float8 AS sync_ms FROM pg_stat_wal`,
  );
  const r = rows[0];
  if (!r) throw new Error('pg_stat_wal is empty');
  return { lsn: r.lsn, records: Number(r.records), fpi: Number(r.fpi), bytes: Number(r.bytes), syncs: Number(r.syncs), syncMs: r.sync_ms };
}

interface Images {
  /** Relation and WAL record type, e.g. "users Heap/LOCK". */
  source: string;
  images: number;
  bytes: number;
}

/** Full-page images of this database between two WAL positions by relation and record type (pg_walinspect). */
async function imagesBySource(client: pg.Client, from: string, to: string): Promise<Images[] | undefined> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  } catch {
    return undefined; // not installed or not a superuser: pg_stat_wal's totals only
  }
  // A record's fpi_length covers all its images; records with images of two relations are rare
  // (an index split), so each image is charged the record's mean.
  const { rows } = await client.query<{ source: string; images: string; bytes: string }>(
    `WITH images AS (
       SELECT r.resource_manager || '/' || r.record_type AS record, m[2] AS filenode,
              r.fpi_length::float8 / count(*) OVER (PARTITION BY r.start_lsn) AS bytes
         FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) r,
              regexp_matches(r.block_ref, 'rel \\d+/(\\d+)/(\\d+) fork \\w+ blk \\d+ \\(FPW\\)', 'g') AS m
        WHERE m[1]::oid = (SELECT oid FROM pg_database WHERE datname = current_database()))
     SELECT coalesce(pg_filenode_relation(0, filenode::oid)::text, 'filenode ' || filenode) || ' ' || record AS source,
            count(*) AS images, sum(bytes)::bigint AS bytes
       FROM images GROUP BY 1 ORDER BY 3 DESC LIMIT 14`,
    [from, to],
  );
  return rows.map((r) => ({ source: r.source, images: Number(r.images), bytes: Number(r.bytes) }));
}

/** Prints WAL per visit and where the full-page images went; returns the run's WAL bytes and images. */
export async function printWal(client: pg.Client, before: WalReading, after: WalReading, visits: number): Promise<{ walBytes: number; walImages: number }> {
  const d = { records: after.records - before.records, fpi: after.fpi - before.fpi, bytes: after.bytes - before.bytes, syncs: after.syncs - before.syncs, syncMs: after.syncMs - before.syncMs };
  const per = (v: number) => v / Math.max(1, visits);
  const syncTime = d.syncMs > 0 ? `, ${(d.syncMs / Math.max(1, d.syncs)).toFixed(2)} ms each` : ' (their time: track_wal_io_timing is off)';
  console.log(
    `\nPostgreSQL WAL per visit (pg_stat_wal): ${(per(d.bytes) / 1024).toFixed(0)} KB in ${per(d.records).toFixed(0)} records, ` +
      `${per(d.fpi).toFixed(1)} full-page images; ${d.syncs} WAL syncs in the run${syncTime}`,
  );
  const sources = await imagesBySource(client, before.lsn, after.lsn);
  if (sources) {
    const bytes = sources.reduce((n, s) => n + s.bytes, 0);
    console.log(`Full-page images of the bench database by relation and record (pg_walinspect; these ${sources.length}: ${((bytes * 100) / Math.max(1, d.bytes)).toFixed(0)} % of the WAL bytes):`);
    for (const s of sources) console.log(`  ${s.source.padEnd(52)} ${String(s.images).padStart(8)} images ${(s.bytes / 1024 / 1024).toFixed(1).padStart(7)} MB`);
  }
  return { walBytes: d.bytes, walImages: d.fpi };
}
