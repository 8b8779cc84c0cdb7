#!/usr/bin/env node
// A private PostgreSQL cluster from Debian's `postgresql` package, for tests and the benchmark
// (docs/decisions/0028-postgresql.md): initdb into a temporary folder, pg_ctl start on a free
// port, stopped at the end. No system service, no Docker. Installs the package when missing (as
// root; otherwise says the one command to run). PostgreSQL refuses to run as root, so as root the
// cluster runs as the `postgres` user the package creates.
//
//   node scripts/postgres.mjs      starts a cluster, prints its DATABASE_URL, stops on Ctrl-C
//
// Plain JavaScript (CI runs it before anything is built), type-checked from its JSDoc.
// @ts-check
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function binDir() {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : null;
}

/**
 * The folder with initdb and pg_ctl, installing Debian's package first when it is missing.
 * @returns {string}
 */
export function ensurePostgresInstalled() {
  let dir = binDir();
  if (dir) return dir;
  if (!isRoot)
    throw new Error(
      "PostgreSQL is missing: run `sudo apt-get update && sudo apt-get install -y postgresql`, then try again.",
    );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  console.log("▶ installing Debian's postgresql");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], {
    stdio: "inherit",
    env,
  });
  dir = binDir();
  if (!dir) throw new Error("postgresql was installed but initdb was not found");
  return dir;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} bin
 * @param {string[]} args
 */
function run(bin, args) {
  const cmd = isRoot ? "runuser" : bin;
  const full = isRoot ? ["-u", "postgres", "--", bin, ...args] : args;
  const r = spawnSync(cmd, full, { encoding: "utf8" });
  if (r.status !== 0)
    throw new Error(`${path.basename(bin)} failed: ${(r.stderr || r.stdout || "").trim()}`);
  return r.stdout;
}

/**
 * Clusters whose starter died without stopping them (a test run killed mid-way): stopped and
 * removed, so they never pile up. Each cluster's folder names its starter's pid.
 * @param {string} bin
 */
function stopOrphans(bin) {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith("inkwell-pg-")) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(fs.readFileSync(path.join(dir, "owner.pid"), "utf8"));
    } catch {
      continue; // still being created
    }
    try {
      process.kill(owner, 0);
      continue; // its starter is alive
    } catch {
      // gone: stop its cluster
    }
    try {
      run(path.join(bin, "pg_ctl"), [
        "-D",
        path.join(dir, "data"),
        "-m",
        "immediate",
        "-w",
        "stop",
      ]);
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts a private cluster. Resolves to { url(database), admin, stop(), log }: `url("x")` is the
 * connection string of database x; `admin` runs one SQL statement on the `postgres` database;
 * `settings` are extra server settings (e.g. { log_min_duration_statement: 20 }).
 * @param {{ user?: string, settings?: Record<string, string | number> }} [options]
 */
export async function startPostgres({ user = "inkwell", settings = {} } = {}) {
  const bin = ensurePostgresInstalled();
  stopOrphans(bin);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-pg-"));
  fs.writeFileSync(path.join(dir, "owner.pid"), String(process.pid));
  if (isRoot) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", user, "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  run(path.join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-o",
    // A test cluster: durability off (it is thrown away), connections for two servers and tests.
    [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
      ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
    ].join(" "),
    "start",
  ]);
  const url = (/** @type {string} */ database) =>
    `postgresql://${user}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  /** @type {(sql: string) => Promise<Record<string, unknown>[]>} */
  const admin = async (sql) => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url("postgres") });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  return { url, admin, stop, port, dir, log: path.join(dir, "server.log") };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pg = await startPostgres();
  await pg.admin("CREATE DATABASE inkwell");
  console.log(
    `PostgreSQL is running. In another shell:\n  export DATABASE_URL=${pg.url("inkwell")}`,
  );
  console.log("Ctrl-C stops it and removes its data.");
  const quit = () => {
    pg.stop();
    process.exit(0);
  };
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
  setInterval(() => {}, 1 << 30);
}
