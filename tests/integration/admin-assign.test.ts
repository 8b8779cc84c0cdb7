import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import { JUDGING_CLOSED_MESSAGE } from "~/features/assignment/auto-assign.server";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";

// /admin/assign's loader and action, with the admin check stubbed (the route × role table in
// tests/authz covers who may call it): the contest's own judges per entry, the refusal after
// judging closes, and only judges who activated their account
// (docs/decisions/0022-lifecycle-follows-the-public.md).
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));
const { action } = await import("~/routes/admin+/assign");
// The page is the contest workspace's Assignments (docs/decisions/0050-contest-workspace.md).
const { loader } = await import("~/routes/admin+/contests+/$id+/assignments");

const args = (request: Request) => ({ request, params: {}, context: {} });

async function post(form: Record<string, string>) {
  const response = (await action(
    args(
      new Request("http://inkwell.test/admin/assign", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }),
    ),
  )) as Response;
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const { toast } = await getToast(
    new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
  );
  return { response, toast };
}

const DAY = 86_400_000;
function openJudging() {
  const now = Date.now();
  return {
    submissionsOpen: new Date(now - 20 * DAY),
    submissionsClose: new Date(now - 10 * DAY),
    judgingOpen: new Date(now - 9 * DAY),
    judgingClose: new Date(now + 9 * DAY),
    resultsAt: new Date(now + 20 * DAY),
  };
}

describe("/admin/assign", () => {
  test("pre-fills and uses the contest's judges per entry (2), not 3", async () => {
    const { contest } = await lifecycleContest({
      judges: 3,
      judgesPerSubmission: 2,
      dates: openJudging(),
    });
    const data = (await loader({
      request: new Request(`http://inkwell.test/admin/contests/${contest.id}/assignments`),
      params: { id: contest.id },
      context: {},
    })) as { contest: { judgesPerSubmission: number } };
    expect(data.contest.judgesPerSubmission).toBe(2);
    const { submission } = await entry(contest.id);
    const { toast } = await post({ intent: "autoassign", contestId: contest.id });
    expect(toast?.type).toBe("success");
    expect(await prisma.judgeAssignment.count({ where: { submissionId: submission.id } })).toBe(2);
  });

  test("refused once judging has closed, with a clear message; nothing is written", async () => {
    const { contest } = await lifecycleContest({ judges: 2, judgesPerSubmission: 1 });
    await prisma.contest.update({
      where: { id: contest.id },
      data: { judgingClose: new Date(Date.now() - DAY), resultsAt: new Date(Date.now() + DAY) },
    });
    const { submission } = await entry(contest.id);
    const { response, toast } = await post({
      intent: "autoassign",
      contestId: contest.id,
      judgesPerSubmission: "1",
    });
    expect(response.status).toBe(302);
    expect(toast).toMatchObject({ type: "error", title: JUDGING_CLOSED_MESSAGE });
    expect(await prisma.judgeAssignment.count({ where: { submissionId: submission.id } })).toBe(0);
  });

  test("never assigns a judge whose invitation is still pending", async () => {
    const { contest } = await lifecycleContest({ dates: openJudging(), judgesPerSubmission: 3 });
    const active = await person("judge", ["judge"]);
    const pending = await person("judge", ["judge"], { pending: true });
    await seatPanel(contest.id, [active.id, pending.id]);
    const { submission } = await entry(contest.id);
    // Three per entry cannot be met by the one active judge: refused, the entry named, nothing written.
    const refused = (await action(
      args(
        new Request("http://inkwell.test/admin/assign", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "autoassign", contestId: contest.id }),
        }),
      ),
    )) as unknown as {
      init: { status: number };
      data: { short: { title: string; reason: string }[]; shortError: string };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.shortError).toMatch(
      /^1 entry cannot have 3 judges, so no judges were assigned/,
    );
    expect(refused.data.short).toEqual([
      {
        submissionId: submission.id,
        title: submission.title,
        reason: "needs 3 judges and can have only 1: the panel has only 1 judge",
      },
    ]);
    expect(await prisma.judgeAssignment.count({ where: { submissionId: submission.id } })).toBe(0);
    await post({ intent: "autoassign", contestId: contest.id, judgesPerSubmission: "1" });
    const rows = await prisma.judgeAssignment.findMany({ where: { submissionId: submission.id } });
    expect(rows.map((r) => r.judgeId)).toEqual([active.id]);
  });
});
