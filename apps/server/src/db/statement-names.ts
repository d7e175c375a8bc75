/**
 * Ends the text of a statement planned on every run, never prepared (here and on the embedded
 * database, pglite-prepared.mjs): one whose best plan follows a table's size, where a plan cached
 * while the table was small would stay in use as it grows (PostgreSQL replaces cached plans after
 * an ANALYZE, not as rows arrive). The running Top10: a generic plan made over the first few scores
 * of a fresh database read every score and sorted them (9.2 ms a read against 0.4 planned per run,
 * bench:load on PostgreSQL).
 */
export const PLANNED_PER_RUN = '/* planned per run */';

/**
 * Names for the statement texts a PostgreSQL pool runs again and again, so each connection parses
 * a text once and later runs start from its saved parse tree (node-postgres prepares a named
 * statement on a connection's first use of the name and binds it afterwards). Without a name,
 * every run is parsed, analysed, rewritten and planned anew.
 *
 * As on the embedded database (pglite-prepared.mjs): a text is named on its second run, so
 * one-off texts (lists with a parameter per item) are never prepared, and at most `max` texts are
 * named per process (node-postgres keeps a connection's prepared statements as long as the
 * connection lives). Plans stay with PostgreSQL's plan cache in its default mode.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();
  private next = 1;

  constructor(
    private readonly max = 500,
    private readonly maxSeen = 10_000,
  ) {}

  /** The text's name, from its second run on; undefined while it is new, or once the names are used up. */
  nameFor(text: string): string | undefined {
    if (text.endsWith(PLANNED_PER_RUN)) return undefined;
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (!this.seen.has(text)) {
      if (this.seen.size >= this.maxSeen) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    if (this.names.size >= this.max) return undefined;
    this.seen.delete(text);
    const named = `funkeln_${this.next++}`;
    this.names.set(text, named);
    return named;
  }

  /**
   * The text is prepared under another name from now on: a statement prepared before its table
   * changed fails with "cached plan must not change result type" on every connection that holds it.
   */
  rename(text: string): void {
    if (this.names.has(text)) this.names.set(text, `funkeln_${this.next++}`);
  }
}
