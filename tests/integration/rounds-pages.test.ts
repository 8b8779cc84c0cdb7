import { seatPanel } from "./panel-fixtures";
import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import { publishContest } from "~/features/contests/contest-admin.server";
import { toZonedInputValue } from "~/utils/dates";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";

// The rounds page, the advance page and /admin/assign in a contest of rounds, with the admin check
// stubbed (tests/authz/rounds.ts covers who may call them); docs/decisions/0032-divisions-and-rounds.md.
const admin = await person("admin", ["admin"]);
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: admin.id, roles: ["admin"] }),
}));
const rounds = await import("~/routes/admin+/contests+/$id+/rounds");
const advance = await import("~/routes/admin+/contests+/$id+/rounds_.$number.advance");
const assign = await import("~/routes/admin+/assign");

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;

async function post(
  action: Action,
  path: string,
  params: Record<string, string>,
  form: [string, string][],
) {
  const result = (await action({
    request: new Request(`http://inkwell.test${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
    params,
    context: {},
  })) as Response | { data: unknown; init: { status?: number } | null };
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    return { status: result.status, toast, data: null as unknown };
  }
  return { status: result.init?.status ?? 200, toast: null, data: result.data };
}

const DAY = 86_400_000;
const now = Date.now();
const d = (days: number) => new Date(now + days * DAY);

describe("rounds pages", () => {
  test("plan two rounds, choose who goes on, confirm, assign round 2", async () => {
    const { contest } = await lifecycleContest({
      dates: {
        submissionsOpen: d(-20),
        submissionsClose: d(-10),
        // Judging has not opened yet when the rounds are planned.
        judgingOpen: d(1),
        judgingClose: d(9),
        resultsAt: d(20),
      },
    });
    await publishContest(contest.id);
    const judges: Awaited<ReturnType<typeof person>>[] = [];
    for (let i = 0; i < 4; i++) judges.push(await person("pjudge", ["judge"]));
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
    );
    const entries = [];
    for (let i = 0; i < 4; i++) entries.push((await entry(contest.id)).submission);
    const path = `/admin/contests/${contest.id}/rounds`;
    const params = { id: contest.id };
    const tz = contest.timeZone;
    const field = (i: number, f: string, v: string): [string, string] => [`rounds[${i}].${f}`, v];
    const plan = (r1Open: Date, r1Close: Date, r2Open: Date, r2Close: Date): [string, string][] => [
      ["intent", "save-rounds"],
      ["count", "2"],
      field(0, "name", "Heats"),
      field(0, "judgingOpen", toZonedInputValue(r1Open, tz)),
      field(0, "judgingClose", toZonedInputValue(r1Close, tz)),
      field(0, "judgesPerEntry", "2"),
      field(0, "advanceRule", "top"),
      field(0, "advanceValue", "1"),
      ...judges.map((j) => field(0, "judgeIds", j.id)),
      field(1, "name", "Final"),
      field(1, "judgingOpen", toZonedInputValue(r2Open, tz)),
      field(1, "judgingClose", toZonedInputValue(r2Close, tz)),
      field(1, "judgesPerEntry", "2"),
      ...judges.map((j) => field(1, "judgeIds", j.id)),
    ];

    // Out of order: the messages name the rounds.
    const bad = await post(rounds.action as Action, path, params, plan(d(-9), d(0), d(-1), d(9)));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Round 2 must open after round 1 closes.");

    const minute = (x: Date) => new Date(Math.floor(x.getTime() / 60_000) * 60_000);
    const ok = await post(rounds.action as Action, path, params, plan(d(-9), d(-1), d(0), d(9)));
    expect(ok.toast?.title).toBe("Rounds saved");
    const saved = await prisma.contest.findUniqueOrThrow({ where: { id: contest.id } });
    expect(saved.judgingOpen).toEqual(minute(d(-9)));
    expect(saved.judgingClose).toEqual(minute(d(9)));
    expect(JSON.parse(saved.publishedSnapshot!).judgingClose).toBe(minute(d(9)).toISOString());
    expect(await prisma.judgingRound.count({ where: { contestId: contest.id } })).toBe(2);

    // Removing a round once round 2 has opened is refused.
    const one = await post(rounds.action as Action, path, params, [
      ["intent", "save-rounds"],
      ["count", "1"],
    ]);
    expect(one.status).toBe(400);
    expect(JSON.stringify(one.data)).toContain("already opened");

    // Round 1 scores: entries[0] best.
    const r1 = await prisma.judgingRound.findFirstOrThrow({
      where: { contestId: contest.id, number: 1 },
    });
    for (const [k, s] of entries.entries())
      for (const j of judges.slice(0, 2)) {
        const a = await prisma.judgeAssignment.create({
          data: { contestId: contest.id, judgeId: j.id, submissionId: s.id, round: 1 },
        });
        await prisma.score.create({
          data: {
            assignmentId: a.id,
            rubricId: contest.rubrics[0].id,
            judgeId: j.id,
            submissionId: s.id,
            scores: "{}",
            total: 10 - k,
            submittedAt: d(-2),
          },
        });
      }

    const apath = `${path}/1/advance`;
    const aparams = { id: contest.id, number: "1" };
    const page = (await advance.loader({
      request: new Request(`http://inkwell.test${apath}`),
      params: aparams,
      context: {},
    })) as Awaited<ReturnType<typeof advance.loader>>;
    expect(page.divisions[0].entries.filter((e) => e.goesOn).map((e) => e.id)).toEqual([
      entries[0].id,
    ]);

    // A choice needs a note.
    const noNote = await post(advance.action as Action, apath, aparams, [
      ["intent", "choose"],
      ["submissionId", entries[1].id],
      ["include", "yes"],
    ]);
    expect(noNote.status).toBe(400);
    expect(JSON.stringify(noNote.data)).toContain("Give a note saying why.");
    const take = await post(advance.action as Action, apath, aparams, [
      ["intent", "choose"],
      ["submissionId", entries[1].id],
      ["include", "yes"],
      ["note", "Close second"],
    ]);
    expect(take.toast?.title).toBe("The entry goes on");
    const confirm = await post(advance.action as Action, apath, aparams, [["intent", "confirm"]]);
    expect(confirm.toast?.title).toBe("Confirmed");
    const again = await post(advance.action as Action, apath, aparams, [["intent", "confirm"]]);
    expect(again.toast?.title).toBe("Already confirmed");
    const went = await prisma.advancement.findMany({ where: { contestId: contest.id, round: 2 } });
    expect(went.map((w) => w.submissionId).sort()).toEqual([entries[0].id, entries[1].id].sort());
    expect(
      (await prisma.judgingRound.findUniqueOrThrow({ where: { id: r1.id } })).advancedById,
    ).toBe(admin.id);

    // /admin/assign works on round 2 now and says so.
    const assigned = await post(assign.action as Action, "/admin/assign", {}, [
      ["intent", "autoassign"],
      ["contestId", contest.id],
    ]);
    expect(assigned.toast?.title).toBe("Assignments for Final (round 2) created successfully");
    const round2 = await prisma.judgeAssignment.findMany({
      where: { contestId: contest.id, round: 2 },
    });
    expect(round2).toHaveLength(4);
    expect(round2.every((a) => !judges.slice(0, 2).some((j) => j.id === a.judgeId))).toBe(true);
  });
});
