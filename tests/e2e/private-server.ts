import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { E2E_PORT } from "./utils";

/**
 * A second copy of the built site for one test, on its own port (chosen by the system) with a
 * copy of the seeded e2e database and its own settings. Tests that lock the database, measure the
 * server's memory, lower rate limits or fire fuzzed admin posts use one, so the shared server
 * (and the tests running beside them) never see it.
 */
export type PrivateServer = {
  baseURL: string;
  pid: number;
  dbFile: string;
  uploadDir: string;
  /** Peak and current resident memory of the server process, in bytes (Linux /proc). */
  memory(): { peak: number; current: number };
  stop(): Promise<void>;
};

export async function startPrivateServer(env: Record<string, string> = {}): Promise<PrivateServer> {
  const dir = path.resolve(`tests/.data/e2e-${E2E_PORT}-private-${randomBytes(4).toString("hex")}`);
  fs.mkdirSync(dir, { recursive: true });
  const dbFile = path.join(dir, "private.db");
  const source = new Database(path.resolve(`tests/.data/e2e-${E2E_PORT}/e2e.db`), {
    readonly: true,
    fileMustExist: true,
  });
  source.exec(`VACUUM INTO '${dbFile.replace(/'/g, "''")}'`);
  source.close();
  const wal = new Database(dbFile);
  wal.pragma("journal_mode = WAL");
  wal.close();
  const uploadDir = path.join(dir, "uploads");
  // A production server needs SITE_URL (links are built from it), so the port is chosen first.
  const freePort = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child: ChildProcess = spawn(process.execPath, ["build/node/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(freePort),
      DATABASE_URL: `file:${dbFile}`,
      UPLOAD_DIR: uploadDir,
      SESSION_SECRET: "e2e-private-secret",
      QUIET_LOGS: "1",
      SITE_URL: `http://localhost:${freePort}`,
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      RESEND_API_KEY: "",
      LOGIN_MAX_FAILURES_PER_IP: "10000",
      SIGNUP_MAX_PER_IP: "10000",
      JOIN_CODE_MAX_WRONG_PER_IP: "10000",
      TRUST_PROXY: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`private server did not start:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`private server exited (${code}):\n${output}`));
    });
  });
  child.removeAllListeners("exit");
  // Keep draining its output so the pipes never fill.
  child.stdout!.resume();
  child.stderr!.resume();
  const readKb = (field: string) => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  };
  return {
    baseURL: `http://localhost:${port}`,
    pid: child.pid!,
    dbFile,
    uploadDir,
    memory: () => ({ peak: readKb("VmHWM"), current: readKb("VmRSS") }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
