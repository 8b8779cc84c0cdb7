import { stringify } from "csv-stringify/sync";
import { describe, expect, test, vi } from "vitest";
import { formatScore } from "~/features/judging/scoring";
import {
  entrantsForContest,
  entrantsOf,
  ranking,
  rankingPages,
  type RankingMode,
} from "~/features/judging/ranking.server";
import { observeSql, prisma } from "~/utils/db.server";
import { makeEducator, rosterPupil } from "./class-fixtures";

// The ranking CSV is streamed a page at a time (docs/decisions/0052-per-request-work.md): the
// file must be the same, byte for byte, as the one built whole before, and the ranks must carry
// across pages (ties on a page boundary share their rank).

vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));
const { loader: scoringCsv } = await import("~/routes/admin+/scoring+/export");

const DAY = 86_400_000;

/** Seven entries, two judges: averages 9, 8, 8, 8, 5, 3 and one not scored. */
async function smallContest() {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const now = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: `csv-${stamp}`,
      title: "CSV contest",
      description: "Seven entries",
      isPublished: true,
      submissionsOpen: new Date(now - 40 * DAY),
      submissionsClose: new Date(now - 2 * DAY),
      judgingOpen: new Date(now - DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: {
        create: {
          name: "Rubric",
          criteria: JSON.stringify([
            { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
          ]),
        },
      },
    },
    include: { rubrics: true },
  });
  const judges = await Promise.all(
    [0, 1].map((j) =>
      prisma.user.create({
        data: { email: `j${j}-${stamp}@csv.test`, displayName: `Judge ${j}` },
      }),
    ),
  );
  // Two judges' totals per entry; the averages: 9, 8, 8, 8, 5, 3, none.
  const totals: ([number, number] | null)[] = [
    [9, 9],
    [7, 9],
    [8, 8],
    [9, 7],
    [5, 5],
    [2, 4],
    null,
  ];
  for (const [i, pair] of totals.entries()) {
    const writer = await prisma.user.create({
      data: { email: `w${i}-${stamp}@csv.test`, displayName: `Writer, "${i}"` },
    });
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: i === 1 ? "=SUM(A1)" : `Entry ${i}`,
        body: "A short story about a door.",
        wordCount: 6,
        status: "submitted",
        createdAt: new Date(now - 3 * DAY - i * 1000),
      },
    });
    for (const [k, judge] of judges.entries()) {
      const assignment = await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId: judge.id, submissionId: entry.id },
      });
      if (!pair) continue;
      await prisma.score.create({
        data: {
          assignmentId: assignment.id,
          rubricId: contest.rubrics[0].id,
          judgeId: judge.id,
          submissionId: entry.id,
          scores: JSON.stringify({ voice: pair[k] }),
          total: pair[k],
          submittedAt: new Date(now),
        },
      });
    }
  }
  return contest;
}

/** The CSV as the route built it before it streamed: the whole ranking, then one stringify. */
async function wholeCsv(contestId: string, mode: RankingMode) {
  const { csvSafe } = await import("~/utils/csv-export");
  const [rows, entrants] = await Promise.all([
    ranking(contestId, { mode, take: -1 }),
    entrantsForContest(contestId),
  ]);
  const header = [
    "Rank",
    "Submission ID",
    "Title",
    "Entrant",
    "Entrant Email",
    "Scores In",
    "Judges Assigned",
    "Average Score",
  ];
  if (mode === "z") header.push("Normalised Score", "Normalised Scores Used");
  const records = rows.map((r) => {
    const entrant = entrants.get(r.id);
    const record = [
      r.rank === null ? "" : String(r.rank),
      r.id,
      csvSafe(r.title),
      csvSafe(entrant?.displayName ?? ""),
      csvSafe(entrant?.email ?? ""),
      String(r.scored),
      String(r.assigned),
      r.raw === null ? "" : formatScore(r.raw),
    ];
    if (mode === "z") record.push(r.average === null ? "" : formatScore(r.average), String(r.used));
    return record;
  });
  return stringify([header, ...records]);
}

describe("the ranking CSV, streamed", () => {
  test("the same file as the whole one, raw and z", async () => {
    const contest = await smallContest();
    for (const mode of ["raw", "z"] as const) {
      const query = `contest=${contest.id}${mode === "z" ? "&normalize=z" : ""}`;
      const response = (await scoringCsv({
        request: new Request(`http://inkwell.test/admin/scoring/export?${query}`),
        params: {},
        context: {},
      })) as Response;
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toBe(await wholeCsv(contest.id, mode));
      // Header and seven entries, the unscored one last, without a rank.
      const lines = text.trim().split("\n");
      expect(lines).toHaveLength(8);
      expect(lines[7].startsWith(",")).toBe(true);
    }
  });

  test("pages of two: ranks carry over the pages, a tie on a boundary shares its rank", async () => {
    const contest = await smallContest();
    const whole = await ranking(contest.id, { mode: "raw", take: -1 });
    const paged: { id: string; rank: number | null }[] = [];
    let pages = 0;
    for await (const page of rankingPages(contest.id, "raw", 2)) {
      pages++;
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page.map((r) => ({ id: r.id, rank: r.rank })));
    }
    expect(pages).toBe(4);
    expect(paged).toEqual(whole.map((r) => ({ id: r.id, rank: r.rank })));
    // 9; then three 8s across the first page boundary; then 5, 3 and the unscored entry.
    expect(paged.map((r) => r.rank)).toEqual([1, 2, 2, 2, 5, 6, null]);
  });

  // Each page seeks on from the last row (docs/decisions/0058-story-rows.md): no OFFSET, so the
  // last page of 200,000 costs what the first does; ties and the unscored entries (two of them
  // here, sent at the same moment) are crossed by every page size.
  test("every page size gives the whole ranking, and no page is read with an OFFSET", async () => {
    const contest = await smallContest();
    const first = await prisma.submission.findFirstOrThrow({ where: { contestId: contest.id } });
    const writer = await prisma.user.create({
      data: { email: `late-${contest.id}@csv.test`, displayName: "Late" },
    });
    const unscored = await prisma.submission.findFirstOrThrow({
      where: { contestId: contest.id, scores: { none: {} } },
    });
    await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: "Also unscored",
        body: first.body,
        wordCount: 6,
        status: "submitted",
        createdAt: unscored.createdAt,
      },
    });
    const whole = (await ranking(contest.id, { mode: "raw", take: -1 })).map((r) => [r.id, r.rank]);
    expect(whole).toHaveLength(8);
    const statements: string[] = [];
    const stop = observeSql((e) => statements.push(e.sql));
    try {
      for (const size of [1, 2, 3, 5, 8]) {
        const paged: (string | number | null)[][] = [];
        for await (const page of rankingPages(contest.id, "raw", size))
          paged.push(...page.map((r) => [r.id, r.rank]));
        expect(paged, `pages of ${size}`).toEqual(whole);
      }
    } finally {
      stop();
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => /\bOFFSET\b/i.test(sql) && sql.includes("Summary"))).toEqual(
      [],
    );
  });

  // The page's writers in one statement (ADR 0058) say what the relations said: a class entry's
  // pupil, sent by which educator from which school; an adult's own entry, their name.
  test("a page's writers: a class entry's pupil, educator and school, as the whole file names them", async () => {
    const contest = await smallContest();
    const { user, classroom } = await makeEducator();
    const pupil = await rosterPupil(classroom.id, "Mia", "R");
    const first = await prisma.submission.findFirstOrThrow({ where: { contestId: contest.id } });
    await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: user.id,
        pupilId: pupil.id,
        title: "Class entry",
        body: first.body,
        wordCount: 6,
        status: "submitted",
      },
    });
    const whole = await entrantsForContest(contest.id);
    const paged = await entrantsOf([...whole.keys()]);
    expect(paged).toEqual(whole);
    expect([...paged.values()].some((w) => w.displayName.includes("Mia R."))).toBe(true);
  });
});
