import { describe, expect, test } from "vitest";
import { DatabaseBusy, withBusyRetry } from "./db-busy.server";

const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

describe("withBusyRetry", () => {
  test("a database that stays busy is tried until the whole budget is spent, then DatabaseBusy", async () => {
    let tries = 0;
    const started = Date.now();
    await expect(
      withBusyRetry(async () => {
        tries += 1;
        throw busy();
      }, 900),
    ).rejects.toBeInstanceOf(DatabaseBusy);
    // Never a pause short of the deadline: the last try runs at the budget's end.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900 - 2);
    expect(tries).toBeGreaterThan(3);
  });

  test("a busy database that frees up is tried again; other errors are not", async () => {
    let tries = 0;
    await expect(
      withBusyRetry(async () => {
        tries += 1;
        if (tries < 3) throw busy();
        return "written";
      }),
    ).resolves.toBe("written");
    let failures = 0;
    await expect(
      withBusyRetry(async () => {
        failures += 1;
        throw new Error("a bug");
      }),
    ).rejects.toThrow("a bug");
    expect(failures).toBe(1);
  });
});
