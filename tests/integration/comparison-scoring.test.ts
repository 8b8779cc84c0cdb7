/**
 * A comparison round after the desk (docs/decisions/0056-comparison-rounds.md), on both engines:
 * the workspace's Scoring page shows measures with their standard error, the round's reliability
 * in words with the comparisons made of those needed, and each judge's fit (a misfit said in
 * words); the ranking CSV carries measure and SE, not an average; the notes on an entry's piece
 * reach its writer with results, never before and never naming the judge.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, test, vi } from "vitest";
import { pairKey } from "~/features/comparison/pairing";
import { reliabilityWords } from "~/features/comparison/scale-words";
import { entryResults } from "~/features/results/results.server";
import { prisma } from "~/utils/db.server";
import { at, entry, lifecycleContest, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";

vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));
const { loader: scoringPage } = await import("~/routes/admin+/contests+/$id+/scoring");
const { loader: scoringCsv } = await import("~/routes/admin+/scoring+/export");
const { loader: entryScoresPage } = await import("~/routes/admin+/scoring+/$submissionId");

const HOUR = 3_600_000;
const ENTRIES = 16;
const NOTE = "The last line made me laugh.";

/**
 * 16 entries, entry i stronger than entry i - 1 (one left uncompared); seven judges share every
 * pair of the 15 others and choose the stronger; an eighth always chooses the weaker.
 */
async function comparedRound() {
  const { contest } = await lifecycleContest();
  const now = Date.now();
  const round = await prisma.judgingRound.create({
    data: {
      contestId: contest.id,
      number: 1,
      name: "First read",
      method: "comparison",
      comparisonsPerEntry: 10,
      judgingOpen: new Date(now - HOUR),
      judgingClose: new Date(now + 24 * HOUR),
    },
  });
  const entries: { id: string; writerId: string }[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const e = await entry(contest.id);
    entries.push({ id: e.submission.id, writerId: e.writer.id });
  }
  const judges: { id: string; displayName: string }[] = [];
  for (let i = 0; i < 8; i++) judges.push(await person("cjudge", ["judge"]));
  await seatPanel(
    contest.id,
    judges.map((j) => j.id),
  );
  const contrarian = judges[7]!;
  const rows = [];
  let k = 0;
  const compared = entries.slice(0, ENTRIES - 1);
  for (let a = 0; a < compared.length; a++)
    for (let b = a + 1; b < compared.length; b++) {
      const judge = judges[k % 7]!;
      rows.push({ a, b, judge: judge.id, winner: b });
      if (k % 6 === 0) rows.push({ a, b, judge: contrarian.id, winner: a });
      k++;
    }
  const decidedAt = new Date(now - HOUR / 2);
  for (const [i, r] of rows.entries()) {
    const A = compared[r.a]!.id;
    const B = compared[r.b]!.id;
    await prisma.comparison.create({
      data: {
        contestId: contest.id,
        roundId: round.id,
        judgeId: r.judge,
        entryAId: A,
        entryBId: B,
        pairKey: pairKey(A, B),
        winnerId: compared[r.winner]!.id,
        // Notes on the strongest piece (entry 14), written as B.
        noteB: r.b === ENTRIES - 2 && i % 3 === 0 ? NOTE : null,
        handedOutAt: new Date(decidedAt.getTime() - 60_000 + i),
        decidedAt: new Date(decidedAt.getTime() + i),
      },
    });
  }
  // A pair still held by a judge is no choice.
  await prisma.comparison.create({
    data: {
      contestId: contest.id,
      roundId: round.id,
      judgeId: judges[0]!.id,
      entryAId: entries[0]!.id,
      entryBId: entries[ENTRIES - 1]!.id,
      pairKey: pairKey(entries[0]!.id, entries[ENTRIES - 1]!.id),
      openKey: pairKey(entries[0]!.id, entries[ENTRIES - 1]!.id),
      openJudgeId: judges[0]!.id,
    },
  });
  return { contest, round, entries, judges, contrarian, decided: rows.length };
}

type PageData = {
  rows: { id: string; rank: number | null; average: number | null; se?: number | null }[];
  counts: { entries: number; scored: number };
  spread: unknown;
  comparison: {
    reliability: number;
    reliabilityWords: string;
    made: number;
    needed: number;
    judges: {
      id: string;
      name: string;
      infit: number;
      count: number;
      misfit: boolean;
      words: string;
    }[];
  } | null;
};

async function page(contestId: string, query = "") {
  const request = new Request(
    `http://localhost/admin/contests/${contestId}/scoring?round=1${query}`,
  );
  return (await scoringPage({
    request,
    params: { id: contestId },
    context: {},
  })) as unknown as PageData;
}

describe("a comparison round's scale for the admin and the writer", () => {
  test("the Scoring page: measure and SE per entry, reliability in words, judges' fit", async () => {
    const { contest, entries, judges, contrarian, decided } = await comparedRound();
    const data = await page(contest.id);
    expect(data.counts).toEqual({ entries: ENTRIES, scored: ENTRIES - 1 });
    expect(data.spread).toBeNull();
    // Ranked by measure, strongest first, each with its standard error; the uncompared entry last.
    const ranked = data.rows.filter((r) => r.rank !== null);
    expect(ranked).toHaveLength(ENTRIES - 1);
    expect(ranked[0]!.id).toBe(entries[ENTRIES - 2]!.id);
    // The contrarian's choices lift the weakest a little: the last is one of the three weakest.
    expect(entries.slice(0, 3).map((e) => e.id)).toContain(ranked.at(-1)!.id);
    for (const r of ranked) expect(r.se).toBeGreaterThan(0);
    for (let i = 1; i < ranked.length; i++)
      expect(ranked[i]!.average!).toBeLessThanOrEqual(ranked[i - 1]!.average!);
    expect(data.rows.at(-1)).toMatchObject({ id: entries[ENTRIES - 1]!.id, rank: null, se: null });

    const c = data.comparison!;
    expect(c.made).toBe(decided);
    expect(c.needed).toBe((ENTRIES * 10) / 2);
    expect(c.reliability).toBeGreaterThan(0.6);
    expect(c.reliabilityWords).toBe(reliabilityWords(c.reliability, decided));
    expect(c.reliabilityWords).toMatch(/^0\.\d\d: /);
    expect(c.judges).toHaveLength(judges.length);
    // The contrarian judge first, flagged in words; the others agree with the scale.
    expect(c.judges[0]).toMatchObject({
      id: contrarian.id,
      name: contrarian.displayName,
      misfit: true,
      words: "Disagrees with the panel's scale",
    });
    for (const j of c.judges.slice(1)) {
      expect(j.misfit).toBe(false);
      expect(j.words).toBe("Agrees with the panel's scale");
      expect(j.count).toBeGreaterThanOrEqual(10);
    }
  });

  test("the ranking CSV: measure and SE, not an average", async () => {
    const { contest, entries } = await comparedRound();
    const response = await scoringCsv({
      request: new Request(`http://localhost/admin/scoring/export?contest=${contest.id}&round=1`),
      params: {},
      context: {},
    });
    const text = await (response as Response).text();
    const [header, ...records] = parse(text) as string[][];
    expect(header).toEqual([
      "Rank within division",
      "Division",
      "Round",
      "Submission ID",
      "Title",
      "Entrant",
      "Entrant Email",
      "Comparisons",
      "Measure",
      "SE",
    ]);
    expect(header).not.toContain("Average Score");
    expect(records).toHaveLength(ENTRIES);
    const page1 = (await page(contest.id)).rows;
    for (const [i, r] of page1.entries()) {
      const rec = records[i]!;
      expect(rec[3]).toBe(r.id);
      expect(rec[0]).toBe(r.rank === null ? "" : String(r.rank));
      expect(rec[8]).toBe(r.average === null ? "" : r.average.toFixed(2));
      expect(rec[9]).toBe(r.se === null || r.se === undefined ? "" : r.se.toFixed(2));
    }
    expect(records[0]![3]).toBe(entries[ENTRIES - 2]!.id);
    expect(Number(records[0]![8])).toBeGreaterThan(0);
    expect(records.at(-1)!.slice(7)).toEqual(["0", "", ""]);
  });

  test("an entry's scores page: its measure, SE, comparisons and each judge's choice and note", async () => {
    const { contest, entries, judges } = await comparedRound();
    const best = entries[ENTRIES - 2]!;
    const entryPage = async (id: string) =>
      (await entryScoresPage({
        request: new Request(`http://localhost/admin/scoring/${id}`),
        params: { submissionId: id },
        context: {},
      })) as unknown as {
        judges: unknown[];
        compared: {
          number: number;
          measure: number | null;
          se: number | null;
          comparisons: number;
          rank: number | null;
          ranked: number;
          choices: { judge: { displayName: string }; chosen: boolean; note: string | null }[];
        }[];
      };
    const row = (await page(contest.id)).rows.find((r) => r.id === best.id)!;
    const view = await entryPage(best.id);
    // No rubric table: the entry was never assigned.
    expect(view.judges).toEqual([]);
    expect(view.compared).toHaveLength(1);
    const [round] = view.compared;
    // The same figures as the contest's Scoring page.
    expect(round).toMatchObject({
      number: 1,
      measure: row.average,
      se: row.se,
      rank: 1,
      ranked: ENTRIES - 1,
    });
    expect(round!.measure).toBeGreaterThan(0);
    expect(round!.comparisons).toBe(round!.choices.length);
    expect(round!.comparisons).toBeGreaterThan(10);
    // Each judge's choice and note, named for the admin.
    const notes = round!.choices.filter((c) => c.note !== null);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((c) => c.note === NOTE)).toBe(true);
    const names = new Set(judges.map((j) => j.displayName));
    expect(round!.choices.every((c) => names.has(c.judge.displayName))).toBe(true);
    expect(round!.choices.filter((c) => c.chosen).length).toBeGreaterThan(10);
    // The entry never compared: nothing of comparison.
    expect((await entryPage(entries[ENTRIES - 1]!.id)).compared).toEqual([]);
  });

  test("notes reach the writer with results, never before, never naming the judge", async () => {
    const { entries, judges } = await comparedRound();
    const best = entries[ENTRIES - 2]!;
    // Before results (the contest's results day is day 21): nothing.
    expect(await entryResults(best.writerId, best.id, at(15))).toBeNull();
    const results = (await entryResults(best.writerId, best.id, at(22)))!;
    expect(results.comments.length).toBeGreaterThan(0);
    expect(results.comments.every((c) => c.comment === NOTE)).toBe(true);
    expect(results.comments.map((c) => c.judge).slice(0, 2)).toEqual(["Note 1", "Note 2"]);
    // Judged by comparison: no average, said so.
    expect(results.average).toBeNull();
    expect(results.comparedLast).toBe(true);
    const text = JSON.stringify(results);
    for (const j of judges) {
      expect(text).not.toContain(j.id);
      expect(text).not.toContain(j.displayName);
    }
    // Another writer's entry: no notes of this one, and another reader is refused.
    const other = (await entryResults(entries[3]!.writerId, entries[3]!.id, at(22)))!;
    expect(other.comments).toEqual([]);
    expect(await entryResults(entries[3]!.writerId, best.id, at(22))).toBeNull();
  });

  test("a rubric first read, then a comparison final: comments and notes named by round", async () => {
    const { contest } = await lifecycleContest();
    const rubricId = contest.rubrics[0]!.id;
    const now = Date.now();
    await prisma.judgingRound.create({
      data: {
        contestId: contest.id,
        number: 1,
        name: "First read",
        rubricId,
        judgingOpen: at(11),
        judgingClose: at(15),
      },
    });
    const final = await prisma.judgingRound.create({
      data: {
        contestId: contest.id,
        number: 2,
        name: "Final",
        method: "comparison",
        judgingOpen: new Date(now - HOUR),
        judgingClose: new Date(now + HOUR),
      },
    });
    const mine = await entry(contest.id);
    const rival = await entry(contest.id);
    const [reader, comparer] = [
      await person("reader", ["judge"]),
      await person("comparer", ["judge"]),
    ];
    const assignment = await prisma.judgeAssignment.create({
      data: {
        contestId: contest.id,
        judgeId: reader.id,
        submissionId: mine.submission.id,
        round: 1,
      },
    });
    await prisma.score.create({
      data: {
        assignmentId: assignment.id,
        rubricId,
        judgeId: reader.id,
        submissionId: mine.submission.id,
        scores: JSON.stringify({ voice: 8 }),
        total: 8,
        comment: "A strong opening.",
        submittedAt: at(12),
      },
    });
    const key = pairKey(rival.submission.id, mine.submission.id);
    await prisma.comparison.create({
      data: {
        contestId: contest.id,
        roundId: final.id,
        judgeId: comparer.id,
        entryAId: rival.submission.id,
        entryBId: mine.submission.id,
        pairKey: key,
        winnerId: mine.submission.id,
        noteA: "Not for this writer.",
        noteB: "  Vivid and brave.  ",
        decidedAt: new Date(now - 1000),
      },
    });
    const results = (await entryResults(mine.writer.id, mine.submission.id, at(22)))!;
    expect(results.comments).toEqual([
      { judge: "Round 1 · Judge 1", comment: "A strong opening." },
      { judge: "Round 2 · Note 1", comment: "Vivid and brave." },
    ]);
    // The final was judged by comparison: no average from the first read.
    expect(results.average).toBeNull();
    expect(results.comparedLast).toBe(true);
    const text = JSON.stringify(results);
    expect(text).not.toContain("comparer");
    expect(text).not.toContain(comparer.id);
  });

  test("with divisions: each division's scale, judges and CSV ranks of its own", async () => {
    const { contest } = await lifecycleContest();
    const now = Date.now();
    const round = await prisma.judgingRound.create({
      data: {
        contestId: contest.id,
        number: 1,
        name: "First read",
        method: "comparison",
        comparisonsPerEntry: 4,
        judgingOpen: new Date(now - HOUR),
        judgingClose: new Date(now + HOUR),
      },
    });
    const divisions = [];
    for (const [d, name] of ["Younger", "Older"].entries())
      divisions.push(
        await prisma.division.create({
          data: {
            contestId: contest.id,
            position: d,
            name,
            basis: "grade",
            min: 3 + 3 * d,
            max: 5 + 3 * d,
          },
        }),
      );
    const judges = [await person("cjudge", ["judge"]), await person("cjudge", ["judge"])];
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
    );
    const byDivision: string[][] = [[], []];
    for (let i = 0; i < 12; i++) {
      const e = await entry(contest.id);
      await prisma.submission.update({
        where: { id: e.submission.id },
        data: { divisionId: divisions[i % 2]!.id },
      });
      byDivision[i % 2]!.push(e.submission.id);
    }
    // Judge 0 compares in the younger division only, judge 1 in the older; the later entry wins.
    for (const [d, ids] of byDivision.entries())
      for (let a = 0; a < ids.length; a++)
        for (let b = a + 1; b < ids.length; b++)
          await prisma.comparison.create({
            data: {
              contestId: contest.id,
              roundId: round.id,
              divisionId: divisions[d]!.id,
              judgeId: judges[d]!.id,
              entryAId: ids[a]!,
              entryBId: ids[b]!,
              pairKey: pairKey(ids[a]!, ids[b]!),
              winnerId: ids[b]!,
              decidedAt: new Date(now - 1000),
            },
          });
    const older = await page(contest.id, `&division=${divisions[1]!.id}`);
    expect(older.rows.map((r) => r.id).sort()).toEqual([...byDivision[1]!].sort());
    expect(older.rows[0]).toMatchObject({ id: byDivision[1]!.at(-1), rank: 1 });
    expect(older.comparison).toMatchObject({ made: 15, needed: 12 });
    expect(older.comparison!.judges.map((j) => j.id)).toEqual([judges[1]!.id]);

    const response = await scoringCsv({
      request: new Request(
        `http://localhost/admin/scoring/export?contest=${contest.id}&round=1&division=all`,
      ),
      params: {},
      context: {},
    });
    const [header, ...records] = parse(await (response as Response).text()) as string[][];
    expect(header!.slice(-3)).toEqual(["Comparisons", "Measure", "SE"]);
    expect(records).toHaveLength(12);
    const firsts = records.filter((r) => r[0] === "1").map((r) => [r[1], r[3]]);
    expect(firsts.sort()).toEqual(
      [
        ["Older", byDivision[1]!.at(-1)],
        ["Younger", byDivision[0]!.at(-1)],
      ].sort(),
    );
  });
});
