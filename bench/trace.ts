/**
 * Where a page's statements go: `npx tsx bench/trace.ts <user> <url> [<url>…]` asks the built
 * site for each URL in this process (Remix's handler), on the benchmark's database (bench/.data/http.db; run
 * `npm run bench` once first), twice each, and prints every SQL statement of the second run with
 * the rows it returned and its time (docs/decisions/0048-performance-budgets.md).
 * TRACE_CHANGE=1: before the traced run, every contest's RankingVersion moves on (as a score
 * change moves it), so the trace is the first load after a change; a repeat is traced after it
 * (docs/decisions/0062-ranking-at-scale.md). TRACE_CHANGE=score: instead, one submitted score of
 * the contest TRACE_SLUG (default "big") moves by half a point, as a judge's edit does (the kept z
 * ranking's path, docs/decisions/0088-z-ranking-incremental.md).
 */
import path from "node:path";
import { installRouterMemo } from "../server/router-memo";

// As the production server (server/boot.ts): route matching remembered before Remix loads.
installRouterMemo();
const { createRequestHandler } = await import("@remix-run/node");

const DB = path.resolve(process.env.TRACE_DB ?? "bench/.data/http.db");
process.env.DATABASE_URL ??= `file:${DB}`;
process.env.SESSION_SECRET = "bench-session-secret";
process.env.SITE_URL = "http://127.0.0.1:3900";
process.env.NODE_ENV = "production";
process.env.UPLOAD_DIR = path.resolve("bench/.data/uploads");

const [userId, ...urls] = process.argv.slice(2);
const { prisma, observeSql } = await import("../app/utils/db.server");
const { sessionStorage } = await import("../app/features/accounts/session.server");
const { inRequestStore } = await import("../app/utils/access-log");
const sessionId = `trace-${userId}-${Date.now()}`;
await prisma.session.create({
  data: { id: sessionId, userId, expiresAt: new Date(Date.now() + 86_400_000) },
});
const session = await sessionStorage().getSession();
session.set("sessionId", sessionId);
const cookie = (await sessionStorage().commitSession(session)).split(";")[0];

// The production build (`npm run build`) through Remix's own handler: every loader of the route
// chain, the render, as the server runs them (without express, compression and logging).
const build = await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"));
const handler = createRequestHandler(build, "production");

for (const url of urls) {
  const full = `http://127.0.0.1:3900${url}`;
  const run = async () => {
    // Inside a request store, as the server runs it (docs/decisions/0052-per-request-work.md).
    const res = await inRequestStore(() => handler(new Request(full, { headers: { cookie } })));
    const body = await res.arrayBuffer();
    // TRACE_SAVE=file: the page's bytes, to read what a request sends.
    if (process.env.TRACE_SAVE)
      (await import("node:fs")).writeFileSync(process.env.TRACE_SAVE, Buffer.from(body));
    if (res.status >= 400) console.log(`  status ${res.status}`);
  };
  await run();
  const change = process.env.TRACE_CHANGE === "1" || process.env.TRACE_CHANGE === "score";
  for (const label of change ? ["first load after a change", "repeat"] : [""]) {
    if (label === "first load after a change" && process.env.TRACE_CHANGE === "score")
      await prisma.$executeRaw`UPDATE "Score"
        SET "total" = CASE WHEN "total" >= 5 THEN "total" - 0.5 ELSE "total" + 0.5 END
        WHERE "id" = (SELECT sc."id" FROM "Score" sc JOIN "Submission" s ON s."id" = sc."submissionId"
          JOIN "Contest" c ON c."id" = s."contestId"
          WHERE c."slug" = ${process.env.TRACE_SLUG ?? "big"} AND sc."submittedAt" IS NOT NULL LIMIT 1)`;
    else if (label === "first load after a change")
      await prisma.$executeRaw`UPDATE "RankingVersion" SET "version" = "version" + 1`;
    const events: { sql: string; rows: number; ms: number }[] = [];
    const stop = observeSql((e) => events.push(e));
    const t0 = performance.now();
    await run();
    const total = performance.now() - t0;
    stop();
    console.log(
      `\n${url}${label ? ` (${label})` : ""}: ${events.length} statements, ${events.reduce((n, e) => n + e.rows, 0)} rows, ${total.toFixed(1)} ms`,
    );
    for (const e of events)
      console.log(
        `  ${e.ms.toFixed(1).padStart(7)} ms ${String(e.rows).padStart(6)} rows  ${e.sql.replace(/\s+/g, " ").slice(0, 220)}`,
      );
  }
  // TRACE_REPEAT=n: n more requests one after another, for a CPU profile (node --cpu-prof).
  const repeat = Number(process.env.TRACE_REPEAT ?? 0);
  if (repeat > 0) {
    const each = new Map<string, { n: number; ms: number }>();
    const stopEach = observeSql((e) => {
      const s = each.get(e.sql) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += e.ms;
      each.set(e.sql, s);
    });
    const t1 = performance.now();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < repeat; i++) await run();
    const cpu = process.cpuUsage(cpu0);
    stopEach();
    console.log(
      `  ${repeat} more: ${((performance.now() - t1) / repeat).toFixed(1)} ms each, ${((cpu.user + cpu.system) / 1000 / repeat).toFixed(2)} ms of CPU each`,
    );
    // Each statement's mean time over the repeats (the first run's times include warming up).
    for (const [sql, s] of each)
      console.log(
        `  ${(s.ms / s.n).toFixed(2).padStart(7)} ms mean ×${s.n / repeat}  ${sql.replace(/\s+/g, " ").slice(0, 160)}`,
      );
  }
}
await prisma.session.delete({ where: { id: sessionId } });
await prisma.$disconnect();
