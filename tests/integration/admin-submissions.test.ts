import { beforeAll, describe, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { adminSubmissionRowsForCsv, csvSafe, listAdminSubmissions, disqualifySubmission } =
  await import("~/features/entries/admin-submissions.server");
const { TransitionRefused } = await import("~/features/entries/submission-status");

const N = 730;
let expected: string[] = [];

beforeAll(async () => {
  const user = await prisma.user.create({
    data: { email: "many@example.test", displayName: "Many" },
  });
  const now = Date.now();
  const mk = (slug: string) =>
    prisma.contest.create({
      data: {
        slug,
        title: slug,
        description: "d",
        submissionsOpen: new Date(now),
        submissionsClose: new Date(now + 1),
        judgingOpen: new Date(now + 2),
        judgingClose: new Date(now + 3),
        resultsAt: new Date(now + 4),
      },
    });
  const [a, b] = [await mk("a"), await mk("b")];
  // Many rows share one instant, to exercise the keyset boundary.
  const rows = Array.from({ length: N }, (_, i) => ({
    id: `s${String(i).padStart(4, "0")}`,
    contestId: i % 3 ? a.id : b.id,
    entrantId: user.id,
    title: i === 5 ? '=HYPERLINK("x")' : `T${i}`,
    status: i % 4 ? ("submitted" as const) : ("withdrawn" as const),
    createdAt: new Date(now - Math.floor(i / 300) * 1000),
  }));
  await prisma.submission.createMany({ data: rows });
  expected = [...rows]
    .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1))
    .map((r) => r.id);
});

describe("admin submissions queries", () => {
  test("pages cover every row once, newest first", async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const { submissions, pageCount, total } = await listAdminSubmissions({}, page, 100);
      expect(total).toBe(N);
      seen.push(...submissions.map((s) => s.id));
      if (page >= pageCount) break;
    }
    expect(seen).toEqual(expected);
  });

  test("filters by status and contest in SQL", async () => {
    const { total, submissions } = await listAdminSubmissions({ status: "withdrawn" }, 1, 1000);
    expect(total).toBe(Math.ceil(N / 4));
    expect(submissions.every((s) => s.status === "withdrawn")).toBe(true);
    const contest = await prisma.contest.findUniqueOrThrow({ where: { slug: "b" } });
    const byContest = await listAdminSubmissions({ contestId: contest.id }, 1, 1000);
    expect(byContest.total).toBe(Math.ceil(N / 3));
  });

  test("the CSV rows come in keyset batches without gaps or repeats, even across equal timestamps", async () => {
    for (const batch of [7, 100, 299, 1000]) {
      const ids: string[] = [];
      for await (const row of adminSubmissionRowsForCsv({}, batch)) ids.push(String(row[0]));
      expect(ids).toEqual(expected);
    }
  });

  test("formula-like cells are neutralised", () => {
    expect(csvSafe('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvSafe("+1")).toBe("'+1");
    expect(csvSafe("Plain")).toBe("Plain");
    expect(csvSafe(12)).toBe(12);
  });

  test("disqualify only from submitted, with the reason stored", async () => {
    expect(await disqualifySubmission("s0001", "Name in the story")).toBe("disqualified");
    const row = await prisma.submission.findUniqueOrThrow({ where: { id: "s0001" } });
    expect(row).toMatchObject({ status: "disqualified", disqualifyReason: "Name in the story" });
    await expect(disqualifySubmission("s0001", "again")).rejects.toBeInstanceOf(TransitionRefused);
    await expect(disqualifySubmission("s0000", "withdrawn one")).rejects.toBeInstanceOf(
      TransitionRefused,
    );
    expect(await disqualifySubmission("nope", "x")).toBeNull();
  });
});
