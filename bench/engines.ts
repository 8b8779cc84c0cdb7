/**
 * The benchmark's two engines (docs/decisions/0028-postgresql.md): the seeded SQLite file as is,
 * or the same rows copied into a private PostgreSQL cluster (scripts/postgres.mjs), so both
 * engines are measured on identical data. `BenchDb` is the little SQL the benchmark itself sends
 * (sessions, counts), written once with quoted identifiers and `?` placeholders.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { migrate } from "../scripts/migrate.mjs";
import { startPostgres } from "../scripts/postgres.mjs";

export type Engine = "sqlite" | "postgres";

export type BenchDb = {
  one<T>(sql: string, params?: unknown[]): Promise<T | undefined>;
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
};

export function openBenchDb(url: string): BenchDb {
  if (url.startsWith("file:")) {
    const db = new Database(url.slice("file:".length));
    db.pragma("busy_timeout = 5000");
    return {
      one: async <T>(sql: string, params: unknown[] = []) =>
        db.prepare(sql).get(...params) as T | undefined,
      run: async (sql, params = []) => void db.prepare(sql).run(...params),
      close: async () => void db.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let n = 0;
  const numbered = (sql: string) => sql.replace(/\?/g, () => `$${++n}`);
  return {
    one: async <T>(sql: string, params: unknown[] = []) => {
      n = 0;
      return (await pool.query(numbered(sql), params)).rows[0] as T | undefined;
    },
    run: async (sql, params = []) => {
      n = 0;
      await pool.query(numbered(sql), params);
    },
    close: () => pool.end(),
  };
}

/**
 * Starts a private cluster and copies every row of the migrated, seeded SQLite file into a
 * PostgreSQL database built from prisma/migrations-postgres. Triggers and foreign keys are
 * suspended for the copy (session_replication_role = replica): the score summaries and ranking
 * versions are copied as SQLite's triggers left them. Resolves to the URL, a stop function and the
 * server log (statements slower than `slowLogMs` are written there, for --profile).
 */
export async function postgresCopyOf(sqliteFile: string, opts: { slowLogMs?: number } = {}) {
  const cluster = await startPostgres({
    settings: opts.slowLogMs !== undefined ? { log_min_duration_statement: opts.slowLogMs } : {},
  });
  try {
    await cluster.admin("CREATE DATABASE bench");
    const url = cluster.url("bench");
    await migrate(url);
    const lite = new Database(sqliteFile, { readonly: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const t0 = performance.now();
    try {
      await client.query("SET session_replication_role = replica");
      const tables = (
        lite
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`,
          )
          .all() as { name: string }[]
      ).map((t) => t.name);
      for (const table of tables) {
        const types = new Map(
          (
            await client.query(
              `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
              [table],
            )
          ).rows.map((r) => [r.column_name as string, r.data_type as string]),
        );
        const columns = (lite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
          .map((c) => c.name)
          .filter((c) => types.has(c));
        const perStatement = Math.max(1, Math.min(1000, Math.floor(60_000 / columns.length)));
        const convert = columns.map((c) =>
          types.get(c) === "boolean" ? (v: unknown) => (v === null ? null : Boolean(v)) : null,
        );
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          let p = 0;
          const values = batch.map((row) => `(${row.map(() => `$${++p}`).join(", ")})`).join(", ");
          await client.query(
            `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}`,
            batch.flat(),
          );
          batch = [];
        };
        await client.query("BEGIN");
        for (const row of lite
          .prepare(`SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}"`)
          .raw()
          .iterate() as Iterable<unknown[]>) {
          batch.push(row.map((v, i) => (convert[i] ? convert[i]!(v) : v)));
          if (batch.length >= perStatement) await flush();
        }
        await flush();
        await client.query("COMMIT");
      }
      await client.query("SET session_replication_role = DEFAULT");
      // As autovacuum would have by then: statistics, and the visibility map that lets the
      // covering indexes answer without reading rows (index-only scans).
      await client.query("VACUUM ANALYZE");
    } finally {
      await client.end();
      lite.close();
    }
    console.log(`copied to PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return {
      url,
      stop: cluster.stop,
      log: cluster.log,
      /** A second database of the same rows in the same cluster (--compare's base). */
      copy: async (name: string) => {
        await cluster.admin(`CREATE DATABASE ${name} TEMPLATE bench`);
        return cluster.url(name);
      },
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}
