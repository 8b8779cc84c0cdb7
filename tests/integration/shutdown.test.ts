import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startServer as startProcess } from "./server-process";

// Graceful shutdown with a real server process (docs/decisions/0036-health-and-logs.md): a request
// in flight when SIGTERM arrives still gets its answer, a new connection is refused, and the
// process exits 0. The production build is used when there is one (./server-process.ts).
// The only waits are generous limits on events, never timing assertions.
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-shutdown-"));
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

const startServer = () =>
  startProcess({
    SESSION_SECRET: "shutdown-test-secret",
    UPLOAD_DIR: uploads,
    SHUTDOWN_TIMEOUT_MS: "60000",
  });

/** Whether a new connection to the port is refused (polled: the listener closes on SIGTERM). */
async function refused(port: number) {
  for (let i = 0; i < 200; i++) {
    const outcome = await new Promise<"refused" | "open">((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve("open")));
      socket.once("error", () => resolve("refused"));
    });
    if (outcome === "refused") return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("graceful shutdown", () => {
  test(
    "SIGTERM: the request in flight is answered, new connections are refused, exit 0",
    { timeout: 120_000 },
    async () => {
      const server = startServer();
      const [, portText] = await server.seen(/listening on http:\/\/localhost:(\d+)/);
      const port = Number(portText);
      const base = `http://localhost:${port}`;
      expect(await (await fetch(`${base}/healthz`)).text()).toBe("ok");

      // A sign-in post whose body is still arriving: the request is in flight.
      const body = "intent=login&email=nobody%40example.test&password=not-the-password";
      const answer = new Promise<{ status: number }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/login",
            headers: {
              Host: `localhost:${port}`,
              Origin: base,
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.once("end", () => resolve({ status: res.statusCode ?? 0 }));
          },
        );
        req.once("error", reject);
        req.write(body.slice(0, 10));
        // The rest once the server has begun shutting down.
        void server.seen(/"type":"shutdown","signal":"SIGTERM"/).then(async () => {
          expect(await refused(port)).toBe(true);
          req.end(body.slice(10));
        });
      });
      // Let the first part of the body reach the server before the signal.
      await new Promise((r) => setTimeout(r, 500));
      server.child.kill("SIGTERM");

      const { status } = await answer.catch(async (e) => {
        throw new Error(`${e}\nexit ${await server.exited}\n${server.output()}`);
      });
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"type":"shutdown","signal":"SIGTERM","outcome":"done"/);
    },
  );
});
