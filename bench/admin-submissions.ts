#!/usr/bin/env -S npx tsx
/**
 * Times the admin submissions list (paged and filtered in SQL) and the CSV export against a
 * temporary database seeded with 20,000 submissions. Nothing outside a temp directory is touched.
 *   npx tsx bench/admin-submissions.ts [submissions=20000] [iterations=20]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import { stringify } from "csv-stringify";
import { migrate } from "../scripts/migrate.mjs";

const TOTAL = Math.min(Number(process.argv[2] ?? 20_000), 200_000);
const ITERATIONS = Math.min(Number(process.argv[3] ?? 20), 500);
const CONTESTS = 40;
const USERS = 2_000;
const STATUSES = [
  "submitted",
  "submitted",
  "submitted",
  "pending_payment",
  "withdrawn",
  "disqualified",
  "expired",
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-bench-"));
const file = path.join(dir, "bench.db");
process.env.DATABASE_URL = `file:${file}`;
process.env.QUIET_LOGS = "1";
await migrate(process.env.DATABASE_URL);

// Seed with plain SQL in one transaction (dates in the adapter's ISO format).
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const seedStart = performance.now();
{
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const now = Date.now();
  const insertUser = db.prepare(
    `INSERT INTO User (id, email, displayName, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertContest = db.prepare(
    `INSERT INTO Contest (id, slug, title, description, isPublished, timeZone, submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt, createdAt, updatedAt)
     VALUES (?, ?, ?, 'Benchmark contest', 1, 'America/New_York', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSubmission = db.prepare(
    `INSERT INTO Submission (id, contestId, entrantId, title, body, wordCount, status, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const body = "word ".repeat(800).trim();
  db.transaction(() => {
    for (let u = 0; u < USERS; u++)
      insertUser.run(`u${u}`, `writer${u}@bench.test`, `Writer ${u}`, iso(now), iso(now));
    for (let c = 0; c < CONTESTS; c++) {
      const t = now - (CONTESTS - c) * 86_400_000;
      insertContest.run(
        `c${c}`,
        `contest-${c}`,
        `Contest ${c}`,
        iso(t),
        iso(t + 1e9),
        iso(t + 2e9),
        iso(t + 3e9),
        iso(t + 4e9),
        iso(t),
        iso(t),
      );
    }
    for (let i = 0; i < TOTAL; i++) {
      const created = iso(now - (TOTAL - i) * 60_000);
      insertSubmission.run(
        `s${i}`,
        `c${i % CONTESTS}`,
        `u${i % USERS}`,
        `Story number ${i}`,
        body,
        800,
        STATUSES[i % STATUSES.length],
        created,
        created,
      );
    }
  })();
  db.exec("ANALYZE");
  db.close();
}
const seedMs = performance.now() - seedStart;

const { listAdminSubmissions, adminSubmissionRowsForCsv, csvSafe, CSV_COLUMNS } =
  await import("../app/features/entries/admin-submissions.server");
const { prisma } = await import("../app/utils/db.server");

async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(label.padEnd(52), p(0.5).padStart(8), p(0.95).padStart(8));
}

console.log(
  `Seeded ${TOTAL} submissions, ${CONTESTS} contests, ${USERS} entrants in ${seedMs.toFixed(0)} ms (${file})\n`,
);
console.log(
  "query (25 rows per page + count)".padEnd(52),
  "p50 ms".padStart(8),
  "p95 ms".padStart(8),
);
const pages = Math.ceil(TOTAL / 25);
await time("list, no filter, page 1", () => listAdminSubmissions({}, 1));
await time(`list, no filter, last page (${pages})`, () => listAdminSubmissions({}, pages));
await time("list, status=submitted, page 1", () =>
  listAdminSubmissions({ status: "submitted" }, 1),
);
await time("list, contest filter, page 1", () => listAdminSubmissions({ contestId: "c7" }, 1));
await time("list, contest + status=withdrawn, page 1", () =>
  listAdminSubmissions({ contestId: "c7", status: "withdrawn" }, 1),
);

async function exportCsv(filter: Parameters<typeof listAdminSubmissions>[0]) {
  let bytes = 0;
  let rows = 0;
  async function* source() {
    for await (const row of adminSubmissionRowsForCsv(filter)) {
      rows++;
      yield row.map(csvSafe);
    }
  }
  const t = performance.now();
  await pipeline(
    Readable.from(source()),
    stringify({ header: true, columns: [...CSV_COLUMNS], bom: true }),
    new Writable({
      write(chunk, _enc, cb) {
        bytes += chunk.length;
        cb();
      },
    }),
  );
  return { ms: performance.now() - t, rows, bytes };
}

console.log("");
for (const [label, filter] of [
  ["CSV export, all submissions", {}],
  ["CSV export, one contest", { contestId: "c7" }],
] as const) {
  await exportCsv(filter); // warm-up
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await exportCsv(filter));
  runs.sort((a, b) => a.ms - b.ms);
  const { ms, rows, bytes } = runs[1];
  const mem = process.memoryUsage().rss / 1024 / 1024;
  console.log(
    `${label.padEnd(40)} ${rows} rows, ${(bytes / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms (median of 3; RSS ${mem.toFixed(0)} MB)`,
  );
}

await prisma.$disconnect();
fs.rmSync(dir, { recursive: true, force: true });
