/**
 * Where a deadline-rush entry's statements go: `npx tsx bench/trace-post.ts [n]` posts n typed
 * entries (default 20) to the benchmark's "rush" contest through the built site's handler in this
 * process, each from its own rush entrant (r0, r1, …, after deleting their rush entries), and
 * prints each SQL statement's mean time and count per entry (docs/decisions/0048-performance-budgets.md).
 * TRACE_PROFILE=<file> also writes a CPU profile of those entries alone (ADR 0078).
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

const N = Number(process.argv[2] ?? 20);
const { prisma, observeSql } = await import("../app/utils/db.server");
const { sessionStorage } = await import("../app/features/accounts/session.server");
const { inRequestStore } = await import("../app/utils/access-log");
const build = await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"));
const handler = createRequestHandler(build, "production");

const users = Array.from({ length: N + 1 }, (_, i) => `r${i}`);
await prisma.submission.deleteMany({ where: { contestId: "rush", entrantId: { in: users } } });
const cookies: string[] = [];
for (const userId of users) {
  const id = `trace-${userId}-${Date.now()}`;
  await prisma.session.create({
    data: { id, userId, expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const session = await sessionStorage().getSession();
  session.set("sessionId", id);
  cookies.push((await sessionStorage().commitSession(session)).split(";")[0]);
}
const words = "the quick brown fox jumps over a lazy dog while rain falls".split(" ");
const post = async (i: number) => {
  const form = new FormData();
  const fields = {
    title: `Trace ${i}`,
    body: Array.from({ length: 150 }, (_, w) => words[(w * 7 + i) % words.length]).join(" "),
    confirmOriginal: "on",
    confirmEligible: "on",
    confirmRules: "on",
    confirmAnonymous: "on",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const origin = "http://127.0.0.1:3900";
  const res = await inRequestStore(() =>
    handler(
      new Request(`${origin}/contests/rush/enter`, {
        method: "POST",
        body: form,
        headers: { cookie: cookies[i], origin, host: "127.0.0.1:3900" },
      }),
    ),
  );
  await res.arrayBuffer();
  if (res.status !== 302) console.log(`  status ${res.status}`);
};
await post(N); // warm up
const each = new Map<string, { n: number; ms: number }>();
let statements = 0;
const stop = observeSql((e) => {
  statements++;
  const s = each.get(e.sql) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += e.ms;
  each.set(e.sql, s);
});
// TRACE_PROFILE=<file.cpuprofile>: a CPU profile of the measured entries only (not the setup's
// sessions or the module loading), for bench/profile-summary.ts.
const profiler = process.env.TRACE_PROFILE ? new (await import("node:inspector")).Session() : null;
const inspect = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    profiler!.post(method, params ?? {}, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
if (profiler) {
  profiler.connect();
  await inspect("Profiler.enable");
  await inspect("Profiler.setSamplingInterval", { interval: 200 });
  await inspect("Profiler.start");
}
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) await post(i);
const cpu = process.cpuUsage(cpu0);
stop();
if (profiler) {
  const { profile } = (await inspect("Profiler.stop")) as { profile: object };
  (await import("node:fs")).writeFileSync(process.env.TRACE_PROFILE!, JSON.stringify(profile));
  profiler.disconnect();
}
const total = (performance.now() - t0) / N;
const sqlMs = [...each.values()].reduce((a, s) => a + s.ms, 0) / N;
console.log(
  `${N} entries: ${total.toFixed(1)} ms each, ${((cpu.user + cpu.system) / 1000 / N).toFixed(1)} CPU ms each, ${(statements / N).toFixed(1)} statements, ${sqlMs.toFixed(1)} ms of SQL each`,
);
for (const [sql, s] of process.env.TRACE_ORDER
  ? [...each]
  : [...each].sort((a, b) => b[1].ms - a[1].ms))
  console.log(
    `  ${(s.ms / N).toFixed(2).padStart(7)} ms ×${(s.n / N).toFixed(1)}  ${sql.replace(/\s+/g, " ").slice(0, Number(process.env.TRACE_WIDTH ?? 200))}`,
  );
await prisma.session.deleteMany({ where: { id: { startsWith: "trace-r" } } });
await prisma.$disconnect();
