import { describe, expect, test } from "vitest";
import { checkServerLog } from "../log/check-server-log.mjs";

// The checker run over a full e2e run's server log must be able to fail
// (docs/decisions/0036-health-and-logs.md).
const request = (route: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    time: "2026-11-24T06:00:00.000Z",
    type: "request",
    method: "GET",
    route,
    status: 200,
    durationMs: 3.2,
    role: "visitor",
    ...extra,
  });
const job = JSON.stringify({
  time: "2026-11-24T06:00:00.000Z",
  type: "job",
  contest: "cm123",
  step: "open",
  round: 1,
  outcome: "finished",
  durationMs: 4,
  attempt: 1,
});
const good = [
  request("routes/_public+/_index"),
  request("routes/_auth+/login"),
  request("static"),
  job,
].join("\n");

describe("the server log check", () => {
  test("a clean log passes", () => {
    expect(checkServerLog(good, { minRoutes: 2 })).toEqual([]);
  });

  test.each([
    ["the demo password", request("routes/_auth+/login", { note: "inkwell-demo" })],
    ["a session cookie", `{"type":"error","message":"cookie en_session=abc.def"}`],
    ["an e-mail address", `{"type":"email","to":"pupil@inkwell.test"}`],
    ["a token path", `{"type":"error","message":"GET /reset-password/AbC123dEf456"}`],
    ["story text", `{"type":"error","message":"My grandfather weighed everything."}`],
    ["a password field", `{"type":"error","password":"x"}`],
    ["a free-text line", "[email] to=someone subject=Hello"],
    ["a request line with a path", request("routes/_auth+/login", { path: "/login?x=1" })],
    ["a request line without a route id", request("/contests/spring")],
  ])("a leak or a bad line fails: %s", (_what, line) => {
    expect(checkServerLog(`${good}\n${line}`, { minRoutes: 2 }).length).toBeGreaterThan(0);
  });

  test("too few routes or no job lines fail", () => {
    expect(checkServerLog(request("routes/_public+/_index"), { minRoutes: 2 })).toEqual([
      "only 1 route ids in 1 request lines (want 2)",
      "no job step lines",
    ]);
  });
});
