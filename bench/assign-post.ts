/**
 * Auto-assign over HTTP without the bench's copy of the seed (docs/decisions/0090-rounds-assign.md):
 * `ASSIGN_URL=<database url of a kept copy> ASSIGN_PORT=<your bench port> npx tsx
 * bench/assign-post.ts <step>…` starts this tree's build (`npm run build`) on the copy (BULK_KEEP=1
 * of bench/bulk-writes.ts keeps a PostgreSQL one), signs the admin in, and runs the steps in order:
 * a contest id POSTs its Auto-Assign (the admin's form, round by round as the site picks it) and
 * prints the wall time, the server's CPU (its process and workers) and, on PostgreSQL, the CPU of
 * the database's client backends; `del:<contest>` deletes that contest's pairs; `vacuum` runs
 * VACUUM ANALYZE on the assignments. PROF=<dir> starts the server with --cpu-prof. It writes: a
 * copy only.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
const URL = process.env.ASSIGN_URL!;
const PORT = Number(process.env.ASSIGN_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
process.env.DATABASE_URL = URL;
process.env.SESSION_SECRET = "bench-session-secret";
process.env.SITE_URL = BASE;
process.env.NODE_ENV = "production";
const client = new pg.Client({ connectionString: URL });
await client.connect();
const { sessionStorage } = await import("../app/features/accounts/session.server");
const sid = `bench-admin-${Math.random().toString(36).slice(2)}`;
await client.query(
  `INSERT INTO "Session" ("id","userId","expiresAt","createdAt") VALUES ($1,'admin',now()+interval '1 day',now())`,
  [sid],
);
const session = await sessionStorage().getSession();
session.set("sessionId", sid);
const cookie = (await sessionStorage().commitSession(session)).split(";")[0];
const prof = process.env.PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROF}`] : [];
const server = spawn(process.execPath, [...prof, "build/node/index.js"], {
  env: {
    ...process.env,
    DATABASE_URL: URL,
    PORT: String(PORT),
    QUIET_LOGS: "1",
    FORCE_GC: "1",
    BACKUP_INTERVAL_HOURS: "0",
    LOGIN_MAX_FAILURES_PER_IP: "100000",
    UPLOAD_DIR: "bench/.data/uploads",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; i < 600; i++) {
  try {
    if ((await fetch(`${BASE}/`)).ok) break;
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 100));
}
const cpuOf = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
const tree = (pid: number): number[] => {
  const out = [pid];
  for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
    const c = fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim();
    for (const k of c ? c.split(/\s+/) : []) out.push(...tree(Number(k)));
  }
  return out;
};
const serverCpu = () => tree(server.pid!).reduce((a, p) => a + cpuOf(p), 0);
const backends = async () => {
  const r = await client.query(
    `SELECT pid FROM pg_stat_activity WHERE backend_type='client backend' AND pid <> pg_backend_pid()`,
  );
  const m = new Map<number, number>();
  for (const { pid } of r.rows) m.set(pid, cpuOf(pid));
  return m;
};
for (const contest of process.argv.slice(2)) {
  if (contest.startsWith("del:")) {
    await client.query(
      `DELETE FROM "JudgeAssignment" WHERE "contestId"=$1 AND "submissionId" IS NOT NULL`,
      [contest.slice(4)],
    );
    continue;
  }
  if (contest === "vacuum") {
    await client.query(`VACUUM ANALYZE "JudgeAssignment"`);
    continue;
  }
  const db0 = await backends();
  const c0 = serverCpu();
  const t = performance.now();
  const res = await fetch(`${BASE}/admin/contests/${contest}/assignments`, {
    method: "POST",
    headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: `intent=autoassign&contestId=${contest}`,
    redirect: "manual",
  });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  const cpu = serverCpu() - c0;
  let db = 0;
  for (const [pid, v] of await backends()) db += v - (db0.get(pid) ?? 0);
  const n = (
    await client.query(
      `SELECT count(*)::int n FROM "JudgeAssignment" WHERE "contestId"=$1 AND "submissionId" IS NOT NULL`,
      [contest],
    )
  ).rows[0].n;
  console.log(
    `${contest}: ${ms.toFixed(0)} ms, status ${res.status}, server CPU ${cpu.toFixed(0)} ms, db CPU ${db.toFixed(0)} ms, ${n} pairs, load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
  );
}
server.kill("SIGINT");
await new Promise((r) => server.on("exit", r));
await client.end();
