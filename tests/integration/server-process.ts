import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// A real server process for the tests that need one over HTTP (shutdown, request guards). The
// production build is used when there is one (the server bundled into build/node/index.js), else
// the development server (server/index.ts run with tsx). It uses the test file's database
// (DATABASE_URL from tests/setup) and listens on a free port.
const built =
  fs.existsSync(path.resolve("build/server/index.js")) &&
  fs.existsSync(path.resolve("build/node/index.js"));

export function startServer(env: Record<string, string>) {
  const entry = built ? ["build/node/index.js"] : ["--import", "tsx", "server/index.ts"];
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      NODE_ENV: built ? "production" : "development",
      PORT: "0",
      WEB_CONCURRENCY: "1",
      SITE_URL: "http://localhost",
      QUIET_LOGS: "1",
      // No backup of the test's database (it would go beside it, in tests/.data).
      BACKUP_INTERVAL_HOURS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiting: Array<{ re: RegExp; resolve: (m: RegExpExecArray) => void }> = [];
  const check = () => {
    for (const w of [...waiting]) {
      const m = w.re.exec(output);
      if (m) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout.on("data", (c: Buffer) => ((output += c.toString()), check()));
  child.stderr.on("data", (c: Buffer) => ((output += c.toString()), check()));
  const seen = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      waiting.push({ re, resolve });
      check();
      child.once("exit", () => {
        check();
        reject(new Error(`the server exited before ${re}:\n${output}`));
      });
    });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  /** The port it listens on, once it does. */
  const port = async () => Number((await seen(/listening on http:\/\/localhost:(\d+)/))[1]);
  return { child, seen, exited, port, output: () => output, production: built };
}
