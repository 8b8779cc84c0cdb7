// Start-up time as an operator feels it (docs/decisions/0040-server-in-typescript.md): from
// spawning the production server to its first 200 from /healthz, one process, seven starts.
// Usage: `npm run build`, then `node bench/startup.mjs [server file, default build/node/index.js]`.
// Prints each start's milliseconds and the median as one JSON line.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

const file = process.argv[2] ?? "build/node/index.js";
const RUNS = 7;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
const healthy = (port) =>
  new Promise((resolve) => {
    const req = http.get({ port, path: "/healthz" }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
  });

const times = [];
for (let i = 0; i < RUNS; i++) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      SITE_URL: `http://localhost:${port}`,
      SESSION_SECRET: "startup-bench-secret-0123456789",
      QUIET_LOGS: "1",
      PAYMENTS_TEST_MODE: "1",
    },
    stdio: "ignore",
  });
  while (!(await healthy(port))) await new Promise((r) => setTimeout(r, 5));
  times.push(Math.round(performance.now() - started));
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ file, runs: times, medianMs: sorted[Math.floor(RUNS / 2)] }));
