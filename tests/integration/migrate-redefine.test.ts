import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { migrate, sqlitePathFromUrl } from "../../scripts/migrate.mjs";

/**
 * A migration that redefines a parent table (create new_…, copy, DROP, rename) must not delete its
 * children: scripts/migrate.mjs runs it with foreign keys off (ADR 0060). A database is built up
 * to the migration before the story-text-last one, filled with a contest, entries, assignments and
 * scores, and then brought up to date: every child row is still there, `Submission` has the same
 * indexes and triggers as a database built in one go, the text is its last column, and every one
 * of its indexes has the planner's statistics. SQLite only: PostgreSQL's DDL is its own.
 */
const onSqlite = !process.env.DATABASE_URL!.startsWith("postgres");
const REDEFINE = "20261231000000_story_text_last";
const COUNTED = ["JudgeAssignment", "Score", "SubmissionScoreSummary", "Submission"] as const;

type Column = { name: string; type: string; notnull: number; dflt_value: unknown; pk: number };
let n = 0;

/** Inserts a row into `table` with `given`, and a made-up value for every other required column. */
function insert(db: Database.Database, table: string, given: Record<string, unknown>) {
  const row: Record<string, unknown> = { ...given };
  for (const c of db.prepare(`PRAGMA table_info("${table}")`).all() as Column[]) {
    if (c.name in row || (!c.notnull && !c.pk) || c.dflt_value !== null) continue;
    const type = c.type.toUpperCase();
    row[c.name] = type.includes("INT")
      ? 1
      : type === "REAL"
        ? 1
        : type === "DATETIME"
          ? Date.UTC(2030, 0, 1)
          : type === "BOOLEAN"
            ? 0
            : `${table}-${c.name}-${++n}`;
  }
  const names = Object.keys(row);
  db.prepare(
    `INSERT INTO "${table}" (${names.map((k) => `"${k}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
  ).run(...Object.values(row));
  return row;
}

const count = (db: Database.Database, t: string) =>
  (db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n;
const shape = (db: Database.Database) =>
  db
    .prepare(`SELECT type, name FROM sqlite_master WHERE tbl_name = 'Submission' ORDER BY name`)
    .all();

describe.runIf(onSqlite)("a migration that redefines a parent table", () => {
  test("keeps every child row, the table's indexes and triggers, with statistics; the story text is last", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-redefine-"));
    const file = path.join(dir, "earlier.db");
    try {
      await migrate(`file:${file}`, { before: REDEFINE });
      const db = new Database(file);
      const contest = insert(db, "Contest", { id: "c1", slug: "redefine" });
      const rubric = insert(db, "Rubric", { id: "r1", contestId: contest.id, criteria: "[]" });
      const judge = insert(db, "User", { id: "judge" });
      for (let i = 0; i < 3; i++) {
        const writer = insert(db, "User", { id: `writer-${i}` });
        const entry = insert(db, "Submission", {
          id: `entry-${i}`,
          contestId: contest.id,
          entrantId: writer.id,
          status: "submitted",
          body: "A story. ".repeat(800),
        });
        const assignment = insert(db, "JudgeAssignment", {
          id: `a-${i}`,
          contestId: contest.id,
          judgeId: judge.id,
          submissionId: entry.id,
        });
        insert(db, "Score", {
          id: `s-${i}`,
          assignmentId: assignment.id,
          rubricId: rubric.id,
          judgeId: judge.id,
          submissionId: entry.id,
          scores: "{}",
          total: 7,
          submittedAt: Date.UTC(2030, 0, 2),
        });
      }
      const before = Object.fromEntries(COUNTED.map((t) => [t, count(db, t)]));
      expect(before).toEqual({
        JudgeAssignment: 3,
        Score: 3,
        SubmissionScoreSummary: 3,
        Submission: 3,
      });
      db.close();

      expect(await migrate(`file:${file}`)).toBeGreaterThanOrEqual(1);

      const after = new Database(file, { readonly: true });
      const live = new Database(sqlitePathFromUrl(process.env.DATABASE_URL!), { readonly: true });
      try {
        expect(Object.fromEntries(COUNTED.map((t) => [t, count(after, t)]))).toEqual(before);
        expect(shape(after)).toEqual(shape(live));
        const columns = after.prepare(`PRAGMA table_info("Submission")`).all() as Column[];
        expect(columns.at(-1)!.name).toBe("body");
        expect(after.pragma("foreign_key_check")).toEqual([]);
        // The new indexes have the planner's statistics: it does not guess a whole-contest sort.
        const indexes = shape(after).filter((r) => (r as { type: string }).type === "index");
        const stats = after
          .prepare(`SELECT idx FROM sqlite_stat1 WHERE tbl = 'Submission'`)
          .all() as { idx: string }[];
        expect(stats.map((s) => s.idx).sort()).toEqual(
          indexes.map((i) => (i as { name: string }).name).sort(),
        );
      } finally {
        after.close();
        live.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
