import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { describe, expect, test } from "vitest";
import { accessLog } from "./access-log.mjs";
import { redactTokens } from "./redact-tokens.mjs";

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

  test("the access log of a real request has no token", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = express();
    app.use(accessLog({ stream }));
    app.use((_req, res) => void res.status(404).send("no"));
    const server = app.listen(0);
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of ["/consent/SECRETTOKEN1", "/reset-password/SECRETTOKEN2?a=b"]) {
        await fetch(`http://127.0.0.1:${port}${path}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      server.close();
    }
    const log = lines.join("");
    expect(log).toContain("GET /consent/[redacted] 404");
    expect(log).toContain("GET /reset-password/[redacted]?a=b 404");
    expect(log).not.toContain("SECRETTOKEN");
  });
});
