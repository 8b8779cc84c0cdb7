import { describe, expect, test } from "vitest";
import { concurrencyLimit } from "./concurrency";

describe("concurrencyLimit", () => {
  test("runs at most max tasks at once, in arrival order, and passes results and errors through", async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) =>
      limit(async () => {
        started.push(i);
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (i === 3) throw new Error("task 3 failed");
        return i * 10;
      });
    const all = [0, 1, 2, 3, 4].map((i) => task(i).catch((e: Error) => e.message));
    while (started.length < 5) {
      await new Promise((r) => setTimeout(r, 0));
      releases.shift()?.();
    }
    while (releases.length) releases.shift()!();
    expect(await Promise.all(all)).toEqual([0, 10, 20, "task 3 failed", 40]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });
});
