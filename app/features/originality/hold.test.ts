import { describe, expect, it } from "vitest";
import { COPY_CHECK_HOLD, copyCheckDecision } from "./hold";

const T0 = Date.UTC(2027, 0, 2, 9, 0, 0);
const at = (ms: number) => new Date(T0 + ms);
const hold = { quietMs: 10_000, maxHoldMs: 300_000 };

describe("when the copy checks run", () => {
  it("runs when nothing is queued", () => {
    expect(copyCheckDecision(at(0), null, hold)).toEqual({ run: true, reason: "nothing queued" });
  });

  it("holds while a check was queued less than the quiet time ago", () => {
    const queued = { oldestAt: at(0), newestAt: at(55_000) };
    expect(copyCheckDecision(at(60_000), queued, hold)).toEqual({
      run: false,
      reason: "arriving",
      until: at(65_000),
    });
    // The quiet time is measured from the newest, to the millisecond.
    expect(copyCheckDecision(at(64_999), queued, hold).run).toBe(false);
    expect(copyCheckDecision(at(65_000), queued, hold)).toEqual({ run: true, reason: "quiet" });
  });

  it("runs once the stream has been quiet, however short the wait", () => {
    const queued = { oldestAt: at(0), newestAt: at(0) };
    expect(copyCheckDecision(at(9_999), queued, hold).run).toBe(false);
    expect(copyCheckDecision(at(10_000), queued, hold).reason).toBe("quiet");
  });

  it("never holds a check longer than the bound, even in a steady stream", () => {
    // An entry every 2 s for ever: each tick finds one queued a moment ago.
    const stream = (now: number) => ({ oldestAt: at(0), newestAt: at(now - (now % 2_000)) });
    for (let now = 0; now < 300_000; now += 1_000) {
      const d = copyCheckDecision(at(now), stream(now), hold);
      expect(d.run, `at ${now}`).toBe(false);
      // The hold never promises to end after the bound.
      if (!d.run) expect(d.until.getTime()).toBeLessThanOrEqual(T0 + 300_000);
    }
    expect(copyCheckDecision(at(300_000), stream(300_000), hold)).toEqual({
      run: true,
      reason: "overdue",
    });
  });

  it("ends a hold at the bound when that comes before the quiet time", () => {
    const d = copyCheckDecision(at(295_000), { oldestAt: at(0), newestAt: at(294_000) }, hold);
    expect(d).toEqual({ run: false, reason: "arriving", until: at(300_000) });
  });

  it("defaults: 10 s of quiet, at most 5 minutes' wait", () => {
    expect(COPY_CHECK_HOLD).toEqual({ quietMs: 10_000, maxHoldMs: 300_000 });
    const queued = { oldestAt: at(0), newestAt: at(0) };
    expect(copyCheckDecision(at(5_000), queued).run).toBe(false);
    expect(copyCheckDecision(at(10_000), queued).run).toBe(true);
  });
});
