import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { describe, expect, test } from "vitest";
import {
  accessLog,
  requestContext,
  setRequestRole,
  setRequestRoute,
  slowRequests,
} from "./access-log";
import { redactTokens } from "./redact-tokens";

describe("one-time tokens in logs (docs/decisions/0025-accounts-and-tokens.md)", () => {
  test("every token path is redacted, other paths are kept", () => {
    const text = [
      "http://localhost:3000/reset-password/abcDEF_-123",
      "/consent/tok%0Aen?x=1",
      "/set-password/aaa/",
      "https://x.test/account/email/bbb#h",
      "/account/email-cancel/ccc",
      "/judge-invitation/ddd",
      "/panel-invitation/eee",
      "/contests/spring-2026/enter",
    ].join("\n");
    expect(redactTokens(text)).toBe(
      [
        "http://localhost:3000/reset-password/[redacted]",
        "/consent/[redacted]?x=1",
        "/set-password/[redacted]/",
        "https://x.test/account/email/[redacted]#h",
        "/account/email-cancel/[redacted]",
        "/judge-invitation/[redacted]",
        "/panel-invitation/[redacted]",
        "/contests/spring-2026/enter",
      ].join("\n"),
    );
  });
});

describe("the request log (docs/decisions/0036-health-and-logs.md)", () => {
  async function serve(app: express.Express, paths: string[]) {
    const server = app.listen(0);
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of paths) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          headers: { cookie: "en_session=COOKIEVALUE" },
        });
        await res.text();
      }
    } finally {
      server.close();
    }
  }
  function sink() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    return { lines, stream };
  }

  test("one JSON line per request: route id and role from the app, no path, query or cookie", async () => {
    const { lines, stream } = sink();
    const app = express();
    app.use(accessLog({ out: stream }));
    app.use(requestContext());
    app.get("/consent/:token", async (_req, res) => {
      await new Promise((r) => setTimeout(r, 5));
      setRequestRoute("root", 0);
      setRequestRoute("routes/_public+/consent.$token", 1);
      setRequestRoute("root", 0); // a parent after the leaf does not win
      setRequestRole("entrant");
      res.status(200).send("ok");
    });
    app.use((_req, res) => void res.status(404).send("no"));
    await serve(app, ["/consent/SECRETTOKEN1?email=a%40b.test", "/nowhere/SECRET2"]);
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({
      type: "request",
      method: "GET",
      route: "routes/_public+/consent.$token",
      status: 200,
      role: "entrant",
    });
    expect(typeof first.durationMs).toBe("number");
    expect(Date.parse(first.time)).not.toBeNaN();
    expect(second).toMatchObject({ route: "unmatched", status: 404, role: "visitor" });
    const log = lines.join("\n");
    for (const secret of ["SECRET", "email", "a%40b", "COOKIEVALUE"])
      expect(log).not.toContain(secret);
    expect(slowRequests().some((s) => s.route === "routes/_public+/consent.$token")).toBe(true);
  });

  test("quiet: no lines", async () => {
    const { lines, stream } = sink();
    const app = express();
    app.use(accessLog({ out: stream, quiet: true }));
    app.use((_req, res) => void res.status(404).send("no"));
    await serve(app, ["/a"]);
    expect(lines).toHaveLength(0);
  });
});
