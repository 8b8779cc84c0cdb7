/**
 * Scoring benchmark: seeds a contest with 20,000 submitted entries (three judges' submitted
 * scores each, out of 12 judges) into a temporary database, then times what the admin screens
 * run: the ranking page (raw and z-score, first and last page), the counts, the full ranking
 * for the CSV, a judge's review queue, and auto-assign topping up 1,000 new entries.
 *
 *   npx tsx bench/scoring.ts            (ENTRIES=50000 to change the size)
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { migrate } from "../scripts/migrate.mjs";

const ENTRIES = Number(process.env.ENTRIES ?? 20_000);
const JUDGES = 12;
const PER_ENTRY = 3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-bench-"));
const file = path.join(dir, "bench.db");
process.env.DATABASE_URL = `file:${file}`;
process.env.NODE_ENV = "production";
process.env.SITE_URL = "http://localhost:3000";
process.env.SESSION_SECRET = "bench";
process.env.QUIET_LOGS = "1";

await migrate(process.env.DATABASE_URL);
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

function seed() {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const now = Date.now();
  const DAY = 86_400_000;
  db.transaction(() => {
    db.prepare(
      `INSERT INTO Contest (id, slug, title, description, submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt, createdAt, updatedAt)
       VALUES ('bench', 'bench', 'Bench', 'Benchmark contest', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      iso(now - 30 * DAY),
      iso(now - 20 * DAY),
      iso(now - DAY),
      iso(now + 10 * DAY),
      iso(now + 20 * DAY),
      iso(now),
      iso(now),
    );
    db.prepare(
      `INSERT INTO Rubric (id, contestId, name, criteria, createdAt) VALUES ('rub', 'bench', 'R', '[]', ?)`,
    ).run(iso(now));
    const user = db.prepare(
      `INSERT INTO User (id, email, displayName, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`,
    );
    const role = db.prepare(
      `INSERT INTO UserRole (userId, role, createdAt) VALUES (?, 'judge', ?)`,
    );
    // Accepted on the contest's panel, with a password (assignable): auto-assign draws on the
    // panel only (docs/decisions/0033-judging-panel.md).
    const password = db.prepare(`INSERT INTO Password (userId, hash) VALUES (?, 'x')`);
    const member = db.prepare(
      `INSERT INTO PanelMember (id, contestId, judgeId, status, invitedAt, respondedAt, createdAt)
       VALUES (?, 'bench', ?, 'accepted', ?, ?, ?)`,
    );
    for (let j = 0; j < JUDGES; j++) {
      user.run(`j${j}`, `j${j}@bench.test`, `Judge ${j}`, iso(now), iso(now));
      role.run(`j${j}`, iso(now + j));
      password.run(`j${j}`);
      member.run(`pm${j}`, `j${j}`, iso(now), iso(now + j), iso(now));
    }
    const sub = db.prepare(
      `INSERT INTO Submission (id, contestId, entrantId, title, body, wordCount, status, createdAt, updatedAt) VALUES (?, 'bench', ?, ?, 'text', 1, 'submitted', ?, ?)`,
    );
    const asg = db.prepare(
      `INSERT INTO JudgeAssignment (id, contestId, judgeId, submissionId, createdAt) VALUES (?, 'bench', ?, ?, ?)`,
    );
    const score = db.prepare(
      `INSERT INTO Score (id, assignmentId, rubricId, judgeId, submissionId, scores, total, submittedAt, createdAt, updatedAt) VALUES (?, ?, 'rub', ?, ?, '{}', ?, ?, ?, ?)`,
    );
    // Drafts live apart from submitted scores (docs/decisions/0015-score-drafts-and-history.md).
    const draft = db.prepare(
      `INSERT INTO ScoreDraft (id, assignmentId, scores, total, createdAt, updatedAt) VALUES (?, ?, '{}', ?, ?, ?)`,
    );
    for (let i = 0; i < ENTRIES; i++) {
      const w = `w${i}`;
      user.run(w, `w${i}@bench.test`, `Writer ${i}`, iso(now), iso(now));
      sub.run(`s${i}`, w, `Entry ${i}`, iso(now + i), iso(now + i));
      for (let k = 0; k < PER_ENTRY; k++) {
        const j = (i * PER_ENTRY + k) % JUDGES;
        asg.run(`a${i}-${k}`, `j${j}`, `s${i}`, iso(now));
        // Judge-specific severity so the z-scores differ from the raw averages; a few drafts.
        const total = Math.round((4 + ((i * 7 + k * 3) % 13) * 0.5 - (j % 4) * 0.5) * 100) / 100;
        if (i % 50 === 0 && k === 2)
          draft.run(`d${i}-${k}`, `a${i}-${k}`, total, iso(now), iso(now));
        else
          score.run(
            `sc${i}-${k}`,
            `a${i}-${k}`,
            `j${j}`,
            `s${i}`,
            total,
            iso(now),
            iso(now),
            iso(now),
          );
      }
    }
    // 1,000 new entries without judges, for auto-assign.
    for (let i = ENTRIES; i < ENTRIES + 1000; i++) {
      user.run(`w${i}`, `w${i}@bench.test`, `Writer ${i}`, iso(now), iso(now));
      sub.run(`s${i}`, `w${i}`, `Entry ${i}`, iso(now + i), iso(now + i));
    }
  })();
  db.exec("ANALYZE");
  db.close();
}

async function time<T>(label: string, fn: () => Promise<T>, runs = 5) {
  await fn(); // warm-up
  const ms: number[] = [];
  let result!: T;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    result = await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} median ${ms[Math.floor(ms.length / 2)].toFixed(1).padStart(7)} ms   max ${ms.at(-1)!.toFixed(1).padStart(7)} ms`,
  );
  return result;
}

async function main() {
  const t0 = performance.now();
  seed();
  console.log(
    `Seeded ${ENTRIES} scored entries (+1000 unassigned), ${ENTRIES * PER_ENTRY} scores, ${JUDGES} judges in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { ranking, rankingCounts } = await import("../app/features/judging/ranking.server");
  const { judgeQueue } = await import("../app/features/judging/review.server");
  const { runAutoAssign } = await import("../app/features/assignment/auto-assign.server");
  const { listJudges } = await import("../app/features/judging/judges.server");
  const { prisma } = await import("~/utils/db.server");
  const pages = Math.ceil((ENTRIES + 1000) / 50);
  const first = await time("ranking, page 1 (raw)", () => ranking("bench", { take: 50, skip: 0 }));
  await time(`ranking, page ${pages} (raw)`, () =>
    ranking("bench", { take: 50, skip: (pages - 1) * 50 }),
  );
  await time("ranking, page 1 (z-score)", () => ranking("bench", { mode: "z", take: 50, skip: 0 }));
  await time(`ranking, page ${pages} (z-score)`, () =>
    ranking("bench", { mode: "z", take: 50, skip: (pages - 1) * 50 }),
  );
  await time("ranking counts", () => rankingCounts("bench"));
  const all = await time("full ranking for CSV (raw)", () => ranking("bench", { take: -1 }), 3);
  await time("judge review queue, page 1", () => judgeQueue("j0", 1));
  await time("judges list with status and progress", () => listJudges(1));
  const t = performance.now();
  const assigned = await runAutoAssign("bench", PER_ENTRY);
  console.log(
    `${"auto-assign (tops up 1,000 new entries)".padEnd(44)} once   ${(performance.now() - t).toFixed(1).padStart(7)} ms`,
  );
  await time(
    "auto-assign again (idempotent, adds nothing)",
    () => runAutoAssign("bench", PER_ENTRY),
    1,
  );
  console.log(
    `top: ${first[0].title} avg ${first[0].average} rank ${first[0].rank}; rows in CSV: ${all.length}; auto-assign: ${JSON.stringify(assigned)}`,
  );
  await prisma.$disconnect();
  if (process.env.KEEP) console.log(`kept ${file}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
