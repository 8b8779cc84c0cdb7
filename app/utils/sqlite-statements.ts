/**
 * Prepared statements kept per connection (docs/decisions/0052-per-request-work.md). Prisma's
 * SQLite adapter prepares every statement it sends, every time (`db.prepare(sql).bind(args)`,
 * and a bound statement cannot be bound again): compiling the SQL was about a tenth of a signed-in
 * page's CPU on the benchmark. Prisma sends the same few hundred SQL texts over and over, so each
 * text is compiled once and its statement reused with the new values. better-sqlite3 is
 * synchronous: a statement runs to its end (`all()`, `run()`) before another request can use it.
 */

/** What the adapter uses of a better-sqlite3 statement. */
type Statement = {
  readonly reader: boolean;
  columns(): { name: string; type: string | null }[];
  raw(toggle?: boolean): Statement;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
};
type Database = {
  prepare(sql: string): Statement;
  readonly open?: boolean;
  readonly inTransaction?: boolean;
};

/** A compiled statement; a reader's column list and raw mode are set once. */
type Entry = { statement: Statement; columns?: { name: string; type: string | null }[] };

/** A read's answer as the driver gives it: column names, declared types, rows as arrays. */
export type DirectRead = { names: string[]; types: (string | null)[]; rows: unknown[][] };

/** Inside a direct write transaction: its statements, run at once on the kept statements. */
export type DirectWrite = {
  all(sql: string, args: unknown[]): DirectRead;
  run(sql: string, args: unknown[]): void;
};

/** What `prepare(sql).bind(args)` gives the adapter: the statement with these values. */
function bound(entry: Entry, args: unknown[]) {
  const { statement } = entry;
  return {
    reader: statement.reader,
    columns: () => (entry.columns ??= statement.columns()),
    // The adapter reads every answer raw (arrays, not objects): a reader is raw from the start.
    raw: () => ({ all: () => statement.all(args) }),
    run: () => statement.run(args),
  };
}

export type StatementCacheStats = { prepared: number; reused: number; size: number };

/**
 * The database `db` with a `prepare` that compiles each SQL text once (the `max` most recently
 * used are kept; a text with a different number of values is another text) and hands out its
 * statement bound to each call's values. Every other method is the database's own.
 */
export function withStatementCache<T extends Database>(db: T, max = 500) {
  const cache = new Map<string, Entry>();
  const stats: StatementCacheStats = { prepared: 0, reused: 0, size: 0 };
  const entryFor = (sql: string) => {
    let entry = cache.get(sql);
    if (entry) {
      stats.reused++;
      // Most recently used last: the first key is the one to drop.
      cache.delete(sql);
    } else {
      const statement = db.prepare(sql);
      if (statement.reader) statement.raw(true);
      entry = { statement };
      stats.prepared++;
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, entry);
    stats.size = cache.size;
    return entry;
  };
  const prepare = (sql: string) => {
    const chosen = entryFor(sql);
    return {
      reader: chosen.statement.reader,
      bind: (args: unknown[]) => bound(chosen, args),
      run: () => chosen.statement.run(),
    };
  };
  const wrapped = new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return prepare;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const readNow = (sql: string, args: unknown[]): DirectRead => {
    const entry = entryFor(sql);
    if (!entry.statement.reader) throw new Error("A direct read must return rows");
    const columns = (entry.columns ??= entry.statement.columns());
    return {
      names: columns.map((c) => c.name),
      types: columns.map((c) => c.type),
      rows: entry.statement.all(args) as unknown[][],
    };
  };
  /** A read-only statement run at once on its kept statement, without Prisma's client (ADR 0052). */
  const read = (sql: string, args: unknown[]): DirectRead | null => {
    // A closed connection (the client disposed of it) answers nothing: the caller asks the client.
    // Nor does one with a client transaction open on it: a read here would see that transaction's
    // uncommitted rows; the client's read waits for it to end (ADR 0087).
    if (db.open === false || db.inTransaction) return null;
    return readNow(sql, args);
  };
  /**
   * A write transaction run to its end at once, without Prisma's client
   * (docs/decisions/0080-rush-direct-write.md): BEGIN IMMEDIATE, `work`'s statements, COMMIT, with
   * no await in between, so no other request's statement can run inside it. Null (nothing run)
   * when the connection is closed or a client transaction is open on it now (the caller uses the
   * client). A thrown error rolls back and is thrown again.
   */
  const transaction = <T>(work: (tx: DirectWrite) => T): { value: T } | null => {
    if (db.open === false || db.inTransaction) return null;
    entryFor("BEGIN IMMEDIATE").statement.run();
    try {
      const value = work({
        all: readNow,
        run: (sql, args) => void entryFor(sql).statement.run(args),
      });
      entryFor("COMMIT").statement.run();
      return { value };
    } catch (error) {
      if (db.inTransaction) entryFor("ROLLBACK").statement.run();
      throw error;
    }
  };
  return { db: wrapped, stats, read, transaction };
}
