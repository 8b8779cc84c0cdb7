import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { withStatementCache } from "./sqlite-statements";

/** As Prisma's SQLite adapter uses its database (docs/decisions/0052-per-request-work.md). */
function query(db: { prepare(sql: string): unknown }, sql: string, args: unknown[]) {
  const stmt = (
    db.prepare(sql) as {
      bind(a: unknown[]): {
        reader: boolean;
        columns(): { name: string }[];
        raw(): { all(): unknown[] };
        run(): { changes: number };
      };
    }
  ).bind(args);
  if (!stmt.reader) return stmt.run().changes;
  return { columns: stmt.columns().map((c) => c.name), rows: stmt.raw().all() };
}

function fresh() {
  const raw = new Database(":memory:");
  raw.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`);
  return raw;
}

describe("withStatementCache", () => {
  test("each SQL text is compiled once; each call gets its own values and the same answers", () => {
    const plain = fresh();
    const { db, stats } = withStatementCache(fresh());
    for (const target of [plain, db])
      for (let i = 0; i < 5; i++)
        query(target, `INSERT INTO t (id, name) VALUES (?, ?)`, [i, `n${i}`]);
    for (const id of [1, 3, 4]) {
      const sql = `SELECT id, name FROM t WHERE id >= ? ORDER BY id`;
      expect(query(db, sql, [id])).toEqual(query(plain, sql, [id]));
    }
    expect(stats.prepared).toBe(2);
    expect(stats.reused).toBe(6);
    expect(query(db, `SELECT name FROM t WHERE id = ?`, [2])).toEqual({
      columns: ["name"],
      rows: [["n2"]],
    });
  });

  test("a transaction's BEGIN and COMMIT, and the database's other methods, pass through", () => {
    const { db } = withStatementCache(fresh());
    (db.prepare("BEGIN") as { run(): unknown }).run();
    query(db, `INSERT INTO t (id, name) VALUES (?, ?)`, [1, "a"]);
    (db.prepare("ROLLBACK") as { run(): unknown }).run();
    expect(db.inTransaction).toBe(false);
    expect(query(db, `SELECT count(*) FROM t`, [])).toEqual({ columns: ["count(*)"], rows: [[0]] });
  });

  test("a failed statement can be used again", () => {
    const { db, stats } = withStatementCache(fresh());
    const insert = `INSERT INTO t (id, name) VALUES (?, ?)`;
    query(db, insert, [1, "a"]);
    expect(() => query(db, insert, [1, "b"])).toThrow(/UNIQUE/);
    query(db, insert, [2, "b"]);
    expect(stats.prepared).toBe(1);
  });

  test("only the most recently used texts are kept", () => {
    const { db, stats } = withStatementCache(fresh(), 3);
    for (let i = 0; i < 10; i++) query(db, `SELECT ${i}`, []);
    expect(stats.size).toBe(3);
    query(db, `SELECT 9`, []);
    query(db, `SELECT 0`, []);
    expect(stats.prepared).toBe(11);
  });

  test("a read answers the statement's columns and rows, and nothing once the database is closed", () => {
    const raw = fresh();
    raw.exec(`INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')`);
    const { read } = withStatementCache(raw);
    expect(read(`SELECT id, name FROM t WHERE id > ?`, [0])).toEqual({
      names: ["id", "name"],
      types: ["INTEGER", "TEXT"],
      rows: [
        [1, "a"],
        [2, "b"],
      ],
    });
    raw.close();
    expect(read(`SELECT id, name FROM t WHERE id > ?`, [0])).toBeNull();
  });
});
