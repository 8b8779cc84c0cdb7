import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { migrate, sqlitePathFromUrl } from "../../scripts/migrate.mjs";
import { entry, lifecycleContest, scoreAll } from "./lifecycle-fixtures";

/**
 * A migration that redefines a parent table (create new_…, copy, DROP, rename) must not delete its
 * children: scripts/migrate.mjs runs it with foreign keys off (ADR 0060). The story-text-last
 * migration redefines "Submission", the parent of assignments, scores and summaries; applied again
 * to a copy of a database with a scored entry, every child row is still there, and the text is the
 * table's last column. SQLite only: PostgreSQL keeps its migrations' DDL as it is.
 */
const onSqlite = !process.env.DATABASE_URL!.startsWith("postgres");
const REDEFINE = "20261231000000_story_text_last";
const CHILDREN = [
  "JudgeAssignment",
  "Score",
  "SubmissionScoreSummary",
  "Submission",
  "Contest",
] as const;

function counts(db: Database.Database) {
  return Object.fromEntries(
    CHILDREN.map((t) => [
      t,
      (db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n,
    ]),
  );
}

describe.runIf(onSqlite)("a migration that redefines a parent table", () => {
  test("keeps every child row, its triggers and its indexes, with statistics; the story text is last", async () => {
    const { contest, judges } = await lifecycleContest({ judges: 2, judgesPerSubmission: 2 });
    const rubricId = contest.rubrics[0].id;
    const entries = [await entry(contest.id), await entry(contest.id)];
    for (const { submission } of entries)
      for (const judge of judges)
        await prisma.judgeAssignment.create({
          data: { contestId: contest.id, judgeId: judge.id, submissionId: submission.id },
        });
    for (const judge of judges) await scoreAll(contest.id, judge.id, rubricId);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-redefine-"));
    const file = path.join(dir, "copy.db");
    try {
      const live = new Database(sqlitePathFromUrl(process.env.DATABASE_URL!), { readonly: true });
      await live.backup(file);
      live.close();
      const db = new Database(file);
      const before = counts(db);
      expect(before.Score).toBeGreaterThanOrEqual(4);
      const schemaBefore = db
        .prepare(`SELECT type, name FROM sqlite_master WHERE tbl_name = 'Submission' ORDER BY name`)
        .all();
      // The migration is pending again: the migrator applies it to a table with children.
      db.prepare(`DELETE FROM _prisma_migrations WHERE migration_name = ?`).run(REDEFINE);
      db.close();

      expect(await migrate(`file:${file}`)).toBe(1);

      const after = new Database(file, { readonly: true });
      expect(counts(after)).toEqual(before);
      expect(
        after
          .prepare(
            `SELECT type, name FROM sqlite_master WHERE tbl_name = 'Submission' ORDER BY name`,
          )
          .all(),
      ).toEqual(schemaBefore);
      const columns = after.prepare(`PRAGMA table_info("Submission")`).all() as { name: string }[];
      expect(columns.at(-1)!.name).toBe("body");
      expect(after.pragma("foreign_key_check")).toEqual([]);
      // The new indexes have the planner's statistics: it does not guess a whole-contest sort.
      const indexes = after
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Submission'`)
        .all() as { name: string }[];
      const stats = after
        .prepare(`SELECT idx FROM sqlite_stat1 WHERE tbl = 'Submission'`)
        .all() as { idx: string }[];
      expect(stats.map((s) => s.idx).sort()).toEqual(indexes.map((i) => i.name).sort());
      after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
