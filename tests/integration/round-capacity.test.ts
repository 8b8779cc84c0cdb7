import { describe, expect, test, vi } from "vitest";
import { publishContest } from "~/features/contests/contest-admin.server";
import { runStep } from "~/features/lifecycle/lifecycle.server";
import { prisma } from "~/utils/db.server";
import { toZonedInputValue } from "~/utils/dates";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";

// Issue 35: capacity 14 "all rounds together" covered round 1 (25 entries × 3 judges over six
// judges) but not round 2, and nothing said so until round 2's assignment failed. The rounds page,
// the panel page, /admin/assign and round 1's assign step now say so (ADR 0045).
const admin = await person("admin", ["admin"]);
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: admin.id, roles: ["admin"] }),
}));
const rounds = await import("~/routes/admin+/contests+/$id+/rounds");
const panel = await import("~/routes/admin+/contests+/$id+/panel");
const assign = await import("~/routes/admin+/contests+/$id+/assignments");

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;
const load = async (loader: Loader, path: string, params: Record<string, string> = {}) =>
  (await loader({ request: new Request(`http://inkwell.test${path}`), params, context: {} })) as {
    capacity: unknown;
  };

const DAY = 86_400_000;
const now = Date.now();
const d = (days: number) => new Date(now + days * DAY);

describe("the panel's capacity across rounds", () => {
  test("warned on the rounds, panel and assign pages and in round 1's step note", async () => {
    const { contest } = await lifecycleContest({
      dates: {
        submissionsOpen: d(-20),
        submissionsClose: d(-2),
        judgingOpen: d(1),
        judgingClose: d(9),
        resultsAt: d(20),
      },
    });
    await publishContest(contest.id);
    const judges: { id: string }[] = [];
    for (let i = 0; i < 6; i++) judges.push(await person("cjudge", ["judge"]));
    const cap = (n: number) => Object.fromEntries(judges.map((j) => [j.id, n]));
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
      { capacity: cap(14) },
    );
    for (let i = 0; i < 25; i++) await entry(contest.id);
    const tz = contest.timeZone;
    const f = (i: number, k: string, v: string): [string, string] => [`rounds[${i}].${k}`, v];
    const form: [string, string][] = [
      ["intent", "save-rounds"],
      ["count", "2"],
      f(0, "name", "Heats"),
      f(0, "judgingOpen", toZonedInputValue(d(1), tz)),
      f(0, "judgingClose", toZonedInputValue(d(4), tz)),
      f(0, "judgesPerEntry", "3"),
      f(0, "advanceRule", "top"),
      f(0, "advanceValue", "6"),
      f(1, "name", "Final"),
      f(1, "judgingOpen", toZonedInputValue(d(5), tz)),
      f(1, "judgingClose", toZonedInputValue(d(9), tz)),
      f(1, "judgesPerEntry", "2"),
    ];
    const saved = (await rounds.action({
      request: new Request(`http://inkwell.test/admin/contests/${contest.id}/rounds`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }),
      params: { id: contest.id },
      context: {},
    })) as Response;
    expect(saved.status, JSON.stringify((saved as unknown as { data: unknown }).data)).toBe(302);

    const params = { id: contest.id };
    const page = await load(
      rounds.loader as Loader,
      `/admin/contests/${contest.id}/rounds`,
      params,
    );
    const c = page.capacity as { fits: boolean; need: number; room: number; problems: string[] };
    expect(c.fits).toBe(false);
    expect([c.need, c.room]).toEqual([87, 84]);
    expect(c.problems[0]).toContain("need up to 87 assignments");
    const onPanel = await load(
      panel.loader as Loader,
      `/admin/contests/${contest.id}/panel`,
      params,
    );
    expect((onPanel.capacity as { fits: boolean }).fits).toBe(false);

    const before = await load(
      assign.loader as Loader,
      `/admin/contests/${contest.id}/assignments`,
      params,
    );
    expect(before.capacity).toContain("may not cover the later rounds");

    // Round 1's assign step assigns (75 ≤ 84) and its note carries the warning.
    for (const step of ["open", "close", "assign"] as const)
      expect((await runStep(contest.id, step, d(1.01), 1)).status).toBe("finished");
    const step = await prisma.lifecycleStep.findFirstOrThrow({
      where: { contestId: contest.id, step: "assign", round: 1 },
    });
    expect(step.note).toContain("may not cover the later rounds");

    // Capacity 15 covers both rounds (90 ≥ 87): no warning.
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
      { capacity: cap(15) },
    );
    const after = await load(
      rounds.loader as Loader,
      `/admin/contests/${contest.id}/rounds`,
      params,
    );
    expect((after.capacity as { fits: boolean }).fits).toBe(true);
  });
});
