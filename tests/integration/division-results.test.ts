/**
 * Results of a contest with divisions and two judging rounds
 * (docs/decisions/0032-divisions-and-rounds.md): the final round decides, ranked within each
 * division; awards, the public page, the entrant's results and certificates are per division;
 * how far an entry went is shown only once results are out. Runs on SQLite and PostgreSQL.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, test, vi } from "vitest";
import { freezeResults } from "~/features/lifecycle/step-actions.server";
import { stageRanking } from "~/features/judging/ranking.server";
import { entrantCertificate } from "~/features/results/certificate.server";
import { progressLabels } from "~/features/results/entry-progress.server";
import { awardsReview, resetAwards, saveAwards } from "~/features/results/award-review.server";
import { awardLabelsFor, entryResults, publicResults } from "~/features/results/results.server";
import {
  contestStage,
  pickStage,
  stageRankingWithDivisions,
} from "~/features/results/stage.server";
import { loader as publicResultsLoader } from "~/routes/_public+/contests.$slug.results";
import {
  classContestResults,
  classCsvColumns,
  classResultsRows,
} from "~/features/classrooms/class-results.server";
import { makeEducator, rosterPupil } from "./class-fixtures";

// The scoring page and its CSV with the admin check stubbed (tests/authz covers who may call them).
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));
const { loader: scoringLoader } = await import("~/routes/admin+/contests+/$id+/scoring");
const { loader: scoringCsv } = await import("~/routes/admin+/scoring+/export");
import { prisma } from "~/utils/db.server";

const DAY = 86_400_000;
const criteria = JSON.stringify([
  { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
]);
const DIVISIONS = ["Grades 3-5", "Grades 6-8", "Grades 9-12"];

/**
 * Three divisions of three entries each. Round 1 (every entry): 9, 8, 3. The first two of each
 * division advance into round 2, where the order turns round: 5 for the first, 7 for the second.
 */
async function stagedContest(slug: string) {
  const base = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug,
      title: `Staged ${slug}`,
      description: "Divisions and rounds",
      isPublished: true,
      places: 1,
      honourableMentions: 1,
      submissionsOpen: new Date(base - 40 * DAY),
      submissionsClose: new Date(base - 30 * DAY),
      judgingOpen: new Date(base - 29 * DAY),
      judgingClose: new Date(base - 2 * DAY),
      resultsAt: new Date(base + DAY),
      rubrics: { create: { name: "R", criteria } },
    },
    include: { rubrics: true },
  });
  const rubricId = contest.rubrics[0].id;
  await prisma.judgingRound.createMany({
    data: [
      {
        contestId: contest.id,
        number: 1,
        name: "First reading",
        judgesPerEntry: 1,
        judgingOpen: new Date(base - 29 * DAY),
        judgingClose: new Date(base - 15 * DAY),
        advanceRule: "top",
        advanceValue: 2,
        advancedAt: new Date(base - 15 * DAY),
      },
      {
        contestId: contest.id,
        number: 2,
        name: "Final",
        judgesPerEntry: 1,
        judgingOpen: new Date(base - 14 * DAY),
        judgingClose: new Date(base - 2 * DAY),
      },
    ],
  });
  const judge = async (name: string) =>
    prisma.user.create({ data: { email: `${name}-${slug}@example.com`, displayName: name } });
  const score = async (
    round: number,
    judgeId: string,
    submissionId: string,
    total: number,
  ): Promise<void> => {
    const a = await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId, submissionId, round },
    });
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId,
        judgeId,
        submissionId,
        scores: JSON.stringify({ voice: total }),
        total,
        submittedAt: new Date(),
      },
    });
  };
  const divisions = [];
  for (const [d, name] of DIVISIONS.entries()) {
    const division = await prisma.division.create({
      data: {
        contestId: contest.id,
        position: d,
        name,
        basis: "grade",
        min: 3 + 3 * d,
        max: 5 + 3 * d,
      },
    });
    const first = await judge(`first-${d}`);
    const final = await judge(`final-${d}`);
    const entries = [];
    for (const [i, total] of [9, 8, 3].entries()) {
      const writer = await judge(`writer-${d}-${i}`);
      const entry = await prisma.submission.create({
        data: {
          contestId: contest.id,
          entrantId: writer.id,
          divisionId: division.id,
          title: `Story ${d}-${i}`,
          body: `Text ${d}-${i}`,
          status: "submitted",
          showIfAwarded: true,
        },
      });
      await score(1, first.id, entry.id, total);
      entries.push({ id: entry.id, writerId: writer.id });
    }
    for (const [i, total] of [5, 7].entries()) {
      await prisma.advancement.create({
        data: { contestId: contest.id, round: 2, submissionId: entries[i].id, source: "rule" },
      });
      await score(2, final.id, entries[i].id, total);
    }
    divisions.push({ id: division.id, name, entries });
  }
  // Advancements are written outside the triggers' sight (as the rounds step does).
  await prisma.rankingVersion.upsert({
    where: { contestId: contest.id },
    create: { contestId: contest.id, version: 100 },
    update: { version: { increment: 100 } },
  });
  return { contest, divisions };
}

describe("results per division and round", () => {
  test("the final round ranks within each division; awards, pages and certificates follow", async () => {
    const { contest, divisions } = await stagedContest("div-results");
    const [, middle] = divisions;
    const [top, second, out] = middle.entries;

    // The final round ranks only its own scores, only the entries that advanced.
    const final = await stageRanking(contest.id, { round: 2, divisionId: middle.id });
    expect(final.map((r) => [r.id, r.rank, r.average])).toEqual([
      [second.id, 1, 7],
      [top.id, 2, 5],
    ]);
    const first = await stageRanking(contest.id, { round: 1, divisionId: middle.id });
    expect(first.map((r) => r.id)).toEqual([top.id, second.id, out.id]);

    // The scoring page: the final round by default, one division at a time.
    const stage = await contestStage(contest.id);
    expect(stage).toMatchObject({ staged: true, finalRound: 2 });
    const pick = pickStage(stage, new URLSearchParams({ division: middle.id }));
    expect(pick).toEqual({ round: 2, divisionId: middle.id });
    const all = await stageRankingWithDivisions(contest.id, stage, {
      round: 2,
      divisionId: null,
      mode: "raw",
    });
    expect(all.map((r) => [r.division, r.rank])).toEqual(
      DIVISIONS.flatMap((name) => [
        [name, 1],
        [name, 2],
      ]),
    );

    // Before results: a 1st place in each division by default; a place is unique in a division.
    const review = await awardsReview(contest.id);
    const computed = review!.rows
      .filter((r) => r.computed?.kind === "place")
      .map((r) => [r.division, r.id]);
    expect(computed).toEqual(divisions.map((d) => [d.name, d.entries[1].id]));
    await expect(
      saveAwards(contest.id, {
        choices: { [top.id]: "1", [second.id]: "1" },
        note: "Both first",
      }),
    ).rejects.toThrow(/Grades 6-8/);
    await saveAwards(contest.id, {
      choices: Object.fromEntries(divisions.map((d) => [d.entries[0].id, "1"])),
      note: "The panel preferred the first reading",
    });
    await resetAwards(contest.id);

    // Nothing about advancement before results are out.
    expect(await progressLabels([top.id, second.id, out.id])).toEqual({});
    expect(await entryResults(second.writerId, second.id)).toBeNull();

    // Results out: frozen ranks are within the division, in the final round.
    await prisma.contest.update({
      where: { id: contest.id },
      data: { resultsAt: new Date(Date.now() - 1000) },
    });
    expect(await freezeResults(contest.id, new Date())).toBe(true);
    const frozen = new Map(
      (await prisma.frozenResult.findMany({ where: { contestId: contest.id } })).map((f) => [
        f.submissionId,
        f,
      ]),
    );
    expect(frozen.size).toBe(9);
    for (const d of divisions) {
      expect(frozen.get(d.entries[1].id)).toMatchObject({ rank: 1, average: 7, scored: 1 });
      expect(frozen.get(d.entries[0].id)).toMatchObject({ rank: 2, average: 5, scored: 1 });
      // Not in the final round: no rank, its round 1 average.
      expect(frozen.get(d.entries[2].id)).toMatchObject({ rank: null, average: 3, scored: 1 });
    }

    // The public page: winners grouped per division, in division order.
    const pub = await publicResults(contest.slug);
    expect(
      pub?.groups.map((g) => [g.division, g.awards.map((a) => [a.kind, a.place, a.title])]),
    ).toEqual(
      divisions.map((d, i) => [
        d.name,
        [
          ["place", 1, `Story ${i}-1`],
          ["honourable", null, `Story ${i}-0`],
        ],
      ]),
    );
    const page = await publicResultsLoader({
      request: new Request(`http://localhost/contests/${contest.slug}/results`),
      params: { slug: contest.slug },
      context: {},
    });
    expect(page.groups.map((g) => g.division)).toEqual(DIVISIONS);
    expect(page.groups[1].awards.map((a) => [a.label, a.writer])).toEqual([
      ["1st place", `writer-1-1`],
      ["Honourable mention", `writer-1-0`],
    ]);

    // The entrant: the award with its division and how far the entry went.
    expect(await entryResults(second.writerId, second.id)).toMatchObject({
      award: { label: "1st place, Grades 6-8" },
      progress: "Advanced to the final round",
    });
    expect(await entryResults(out.writerId, out.id)).toMatchObject({
      award: null,
      progress: "Read in round 1",
    });
    expect(await progressLabels([top.id, out.id])).toEqual({
      [top.id]: "Advanced to the final round",
      [out.id]: "Read in round 1",
    });
    expect(await awardLabelsFor([second.id, top.id])).toEqual({
      [second.id]: "1st place, Grades 6-8",
      [top.id]: "Honourable mention, Grades 6-8",
    });

    // The certificate carries the division.
    const certificate = await entrantCertificate(second.writerId, second.id);
    const doc = await PDFDocument.load(certificate!.pdf);
    expect(doc.getTitle()).toBe("1st place, Grades 6-8: Story 1-1");
  });

  test("an educator's class results show the division and, once results are out, the progress", async () => {
    const { contest, divisions } = await stagedContest("div-class");
    const { classroom } = await makeEducator();
    const [, middle] = divisions;
    const [, second, out] = middle.entries;
    for (const [i, entry] of [second, out].entries()) {
      const pupil = await rosterPupil(classroom.id, `Pupil${i}`, "R");
      await prisma.submission.update({ where: { id: entry.id }, data: { pupilId: pupil.id } });
    }
    const before = await classContestResults(classroom.id, contest.slug);
    expect(before!.entries.map((e) => [e.division, e.results])).toEqual([
      ["Grades 6-8", null],
      ["Grades 6-8", null],
    ]);
    expect(classCsvColumns(before!)).toEqual([
      "Pupil",
      "Grade",
      "Title",
      "Status",
      "Score",
      "Award",
      "Division",
      "Progress",
    ]);
    expect(classResultsRows(before!).map((r) => r.slice(5))).toEqual([
      ["", "Grades 6-8", ""],
      ["", "Grades 6-8", ""],
    ]);

    await prisma.contest.update({
      where: { id: contest.id },
      data: { resultsAt: new Date(Date.now() - 1000) },
    });
    await freezeResults(contest.id, new Date());
    const after = await classContestResults(classroom.id, contest.slug);
    expect(classResultsRows(after!).map((r) => [r[0], ...r.slice(5)])).toEqual([
      ["Pupil0 R.", "1st place", "Grades 6-8", "Advanced to the final round"],
      ["Pupil1 R.", "", "Grades 6-8", "Read in round 1"],
    ]);
  });

  test("the scoring page and its CSV: one division and round at a time, the final by default", async () => {
    const { contest, divisions } = await stagedContest("div-scoring");
    const get = (query: Record<string, string>) => ({
      request: new Request(
        `http://inkwell.test/admin/contests/${contest.id}/scoring?${new URLSearchParams(query)}`,
      ),
      params: { id: contest.id },
      context: {},
    });
    const page = await scoringLoader(get({}));
    expect(page.stage).toMatchObject({ round: 2, finalRound: 2, divisionId: divisions[0].id });
    expect(page.rows.map((r) => [r.title, r.rank])).toEqual([
      ["Story 0-1", 1],
      ["Story 0-0", 2],
    ]);
    expect(page.counts).toEqual({ entries: 2, scored: 2 });
    const earlier = await scoringLoader(get({ division: divisions[2].id, round: "1" }));
    expect(earlier.rows.map((r) => [r.title, r.rank, r.divisionId])).toEqual([
      ["Story 2-0", 1, divisions[2].id],
      ["Story 2-1", 2, divisions[2].id],
      ["Story 2-2", 3, divisions[2].id],
    ]);

    const csv = async (query: Record<string, string>) => {
      // The CSV is site-wide and names its contest (docs/decisions/0050-contest-workspace.md).
      const response = (await scoringCsv({
        request: new Request(
          `http://inkwell.test/admin/scoring/export?${new URLSearchParams({ contest: contest.id, ...query })}`,
        ),
        params: {},
        context: {},
      })) as Response;
      return (await response.text())
        .trim()
        .split("\n")
        .map((line) => line.split(","));
    };
    const one = await csv({ division: divisions[1].id });
    expect(one[0].slice(0, 3)).toEqual(["Rank within division", "Division", "Round"]);
    expect(one.slice(1).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      ["1", "Grades 6-8", "2", "Story 1-1"],
      ["2", "Grades 6-8", "2", "Story 1-0"],
    ]);
    const all = await csv({ division: "all" });
    expect(all.slice(1).map((r) => [r[0], r[1]])).toEqual(
      DIVISIONS.flatMap((name) => [
        ["1", name],
        ["2", name],
      ]),
    );
  });
});
