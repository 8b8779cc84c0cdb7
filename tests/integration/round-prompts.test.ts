import { describe, expect, test, vi } from "vitest";
import { publishContest } from "~/features/contests/contest-admin.server";
import { getContestBySlug } from "~/features/contests/public-contests.server";
import { prisma } from "~/utils/db.server";
import { DATES, lifecycleContest, person } from "./lifecycle-fixtures";

// Issue 35: a final round's prompt was shown to entrants. A prompt can be for a later round; it
// is stored with its round and never reaches the contest page, before or after Publish (ADR 0045).
const admin = await person("admin", ["admin"]);
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: admin.id, roles: ["admin"] }),
}));
const prompts = await import("~/routes/admin+/contests+/$id+/prompts");

const DAY = 86_400_000;

describe("a later round's prompt", () => {
  test("is kept from the public contest page", async () => {
    const { contest } = await lifecycleContest({ published: false });
    const base = { judgesPerEntry: 1 };
    await prisma.judgingRound.createMany({
      data: [
        {
          contestId: contest.id,
          number: 1,
          name: "Heats",
          ...base,
          judgingOpen: DATES.judgingOpen,
          judgingClose: new Date(DATES.judgingOpen.getTime() + 2 * DAY),
          advanceRule: "top",
          advanceValue: 3,
        },
        {
          contestId: contest.id,
          number: 2,
          name: "Final",
          ...base,
          judgingOpen: new Date(DATES.judgingOpen.getTime() + 3 * DAY),
          judgingClose: DATES.judgingClose,
        },
      ],
    });
    const add = async (title: string, round: string) =>
      (await prompts.action({
        request: new Request(`http://inkwell.test/admin/contests/${contest.id}/prompts`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            intent: "add",
            title,
            body: `${title}: the prompt's text.`,
            round,
          }),
        }),
        params: { id: contest.id },
        context: {},
      })) as Response;
    expect((await add("Open prompt", "")).status).toBe(302);
    expect((await add("Finalists' prompt", "2")).status).toBe(302);
    const stored = await prisma.prompt.findMany({
      where: { contestId: contest.id, title: { in: ["Open prompt", "Finalists' prompt"] } },
      select: { title: true, round: true },
      orderBy: { title: "asc" },
    });
    expect(stored).toEqual([
      { title: "Finalists' prompt", round: 2 },
      { title: "Open prompt", round: null },
    ]);

    const titles = async () => (await getContestBySlug(contest.slug))!.prompts.map((p) => p.title);
    expect(await titles()).toContain("Open prompt");
    expect(await titles()).not.toContain("Finalists' prompt");
    await publishContest(contest.id);
    expect(await titles()).toContain("Open prompt");
    expect(await titles()).not.toContain("Finalists' prompt");
  });
});
