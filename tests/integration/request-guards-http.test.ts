import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkServerLog } from "../log/check-server-log.mjs";
import { startServer } from "./server-process";

// Requests no browser sends, over real HTTP against a real server process
// (docs/decisions/0010-hardening.md): a path whose percent-encoding is broken, and a form post
// whose X-Forwarded-Host names another host than its Origin. Each is refused (4xx, never a 500),
// and the server's log holds no raw path and no token (docs/decisions/0036-health-and-logs.md).
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-guards-"));
let server: ReturnType<typeof startServer>;
let port: number;

beforeAll(async () => {
  server = startServer({
    SESSION_SECRET: "guards-test-secret",
    UPLOAD_DIR: uploads,
    QUIET_LOGS: "0",
  });
  port = await server.port();
}, 120_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** One request with its path sent exactly as written (fetch would normalise it). */
function send(
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: rawPath,
        // A connection of its own: no race with the server closing an idle kept-alive one.
        agent: false,
        headers: {
          Host: `localhost:${port}`,
          ...(body !== undefined
            ? {
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": String(Buffer.byteLength(body)),
              }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.once("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.once("error", reject);
    req.end(body);
  });
}

const TOKEN = "Xq7vR2mK9pL4sT8wZ1nB5cD3fG6hJ0yA";
const BROKEN = [
  "/%ZZ",
  "/join/%ff",
  `/reset-password/${TOKEN}%ZZ`,
  `/consent/${TOKEN}%E0%A4`,
  "/contests/%",
  `/join/${TOKEN}%ZZ?next=%ZZ`,
];

describe("requests no browser sends", { timeout: 120_000 }, () => {
  test("a path with broken percent-encoding answers 400, on GET and POST", async () => {
    const origin = `http://localhost:${port}`;
    for (const rawPath of BROKEN) {
      expect((await send("GET", rawPath)).status, `GET ${rawPath}`).toBe(400);
      const post = await send("POST", rawPath, { Origin: origin }, "intent=x");
      expect(post.status, `POST ${rawPath}`).toBe(400);
    }
    // The site still answers.
    expect((await send("GET", "/healthz")).status).toBe(200);
  });

  test("a post whose X-Forwarded-Host is not its Origin's host is refused with 403", async () => {
    const origin = `http://localhost:${port}`;
    const body = "intent=login&email=nobody%40example.test&password=not-the-password";
    for (const forwarded of ["evil.example", "evil.example, localhost", `LOCALHOST:${port}x`]) {
      const answer = await send(
        "POST",
        "/login",
        { Origin: origin, "X-Forwarded-Host": forwarded },
        body,
      );
      expect(answer.status, forwarded).toBe(403);
    }
    // The same post with its own host (any case) reaches the action: a sign-in refused, not a 500.
    for (const headers of <Record<string, string>[]>[
      {},
      { "X-Forwarded-Host": `localhost:${port}` },
      { "X-Forwarded-Host": `LOCALHOST:${port}` },
      { Host: `LOCALHOST:${port}` },
    ]) {
      const answer = await send("POST", "/login", { Origin: origin, ...headers }, body);
      expect(answer.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(200);
      expect(answer.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });

  test("the log names no raw path or token, and has no 500", async () => {
    // Every request above has its line (written when its answer was sent): 12 + 1 + 3 + 4.
    // (At most a minute: should a request above have failed, the checks below say what was logged.)
    await Promise.race([
      server.seen(/(?:"type":"request"[\s\S]*?){20}/),
      new Promise((resolve) => setTimeout(resolve, 60_000)),
    ]);
    const log = server.output();
    expect(log).not.toContain(TOKEN);
    expect(log).not.toMatch(/%ZZ|%ff|%E0/i);
    expect(log).not.toMatch(/"status":5\d\d/);
    expect(log).not.toMatch(/"type":"error"/);
    const lines = log.split("\n").filter((l) => l.startsWith("{"));
    expect(
      lines.filter((l) => /"type":"request".*"route":"unmatched","status":400/.test(l)),
    ).toHaveLength(BROKEN.length * 2);
    expect(checkServerLog(lines.join("\n"), { minRoutes: 0, requireJobs: false })).toEqual([]);
  });

  // A visitor's page from the server's cache is sent without building a Fetch API request
  // (docs/decisions/0072-per-page-work.md): the Host check still comes first, cache warm or cold.
  // Without a build the development server answers first: Vite refuses a host it does not allow
  // (403) before the app's own check (400); either way the page is not served.
  test("a visitor page asked with a Host that is not a host name is refused, cached or not", async () => {
    const refused = server.production ? 400 : 403;
    for (let i = 0; i < 2; i++) {
      expect((await send("GET", "/contests", { Host: "a@b" })).status, `${i}`).toBe(refused);
      expect((await send("GET", "/contests")).status, `${i}`).toBe(200);
    }
  });
});
