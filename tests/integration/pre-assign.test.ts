/**
 * 'Pre-Assign All Judges' on the Assignments page, in the spec's words (docs/decisions/0033, 0051):
 * it invites every site judge to the contest's panel and answers "Judges pre-assigned to contest
 * successfully", or "No judges available" when there is nobody to pre-assign; the panel's accepted
 * judges are the page's "Contest-wide" rows. The admin check is stubbed (tests/authz covers who may
 * call the route).
 */
import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import { lifecycleContest, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";

vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));
const { action } = await import("~/routes/admin+/assign");
// The page is the contest workspace's Assignments (docs/decisions/0050-contest-workspace.md).
const { loader } = await import("~/routes/admin+/contests+/$id+/assignments");

const args = (request: Request) => ({ request, params: {}, context: {} });

async function preAssign(contestId: string) {
  const response = (await action(
    args(
      new Request("http://inkwell.test/admin/assign", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "preassign", contestId }),
      }),
    ),
  )) as Response;
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const { toast } = await getToast(
    new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
  );
  return toast;
}

type Page = {
  contestWide: { judgeId: string }[];
  rows: { judgeName: string }[];
};
const page = async (contestId: string, query = "") =>
  (await loader({
    request: new Request(`http://inkwell.test/admin/contests/${contestId}/assignments?${query}`),
    params: { id: contestId },
    context: {},
  })) as unknown as Page;

describe("Pre-Assign All Judges", () => {
  test('with no judge on the site: "No judges available", nothing is written', async () => {
    expect(await prisma.userRole.count({ where: { role: "judge" } })).toBe(0);
    const { contest } = await lifecycleContest();
    expect(await preAssign(contest.id)).toMatchObject({
      type: "error",
      title: "No judges available",
    });
    expect(await prisma.panelMember.count({ where: { contestId: contest.id } })).toBe(0);
    expect((await page(contest.id)).contestWide).toEqual([]);
  });

  test('invites every site judge: "Judges pre-assigned to contest successfully"; the accepted ones are Contest-wide rows', async () => {
    const { contest } = await lifecycleContest();
    const judges = [await person("judge", ["judge"]), await person("judge", ["judge"])];
    const toast = await preAssign(contest.id);
    expect(toast).toMatchObject({
      type: "success",
      title: "Judges pre-assigned to contest successfully",
    });
    expect(toast?.description).toMatch(/^2 judge\(s\) invited/);
    expect(
      await prisma.panelMember.findMany({
        where: { contestId: contest.id },
        select: { judgeId: true, status: true },
        orderBy: { judgeId: "asc" },
      }),
    ).toEqual(
      judges
        .map((j) => ({ judgeId: j.id, status: "invited" }))
        .sort((a, b) => a.judgeId.localeCompare(b.judgeId)),
    );
    // Invited is not yet pre-assigned: only an accepted member is a contest-wide row.
    expect((await page(contest.id)).contestWide).toEqual([]);
    await seatPanel(contest.id, [judges[0].id]);
    expect((await page(contest.id)).contestWide).toEqual([
      expect.objectContaining({ judgeId: judges[0].id }),
    ]);
    // A title search lists assignments to entries only.
    expect((await page(contest.id, "&q=story")).contestWide).toEqual([]);

    // Everyone is already on the panel: the same words, nothing new sent.
    const again = await preAssign(contest.id);
    expect(again).toMatchObject({
      type: "success",
      title: "Judges pre-assigned to contest successfully",
      description: "Every site judge is already on this contest's panel.",
    });
  });
});
