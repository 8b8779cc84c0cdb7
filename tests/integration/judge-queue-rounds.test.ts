import { describe, expect, test } from "vitest";
import { judgeQueue } from "~/features/judging/review.server";
import { prisma } from "~/utils/db.server";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";
import { cookieFor } from "./session-cookie";

const queuePage = await import("~/routes/judge+/index");

// Issue 35: the judge's queue mixed rounds with no label and showed a 1-10 total beside a 1-20
// one. Each assignment of a contest of rounds says its round, and each total its maximum (ADR 0045).
const DAY = 86_400_000;
const now = Date.now();
const crit = (max: number) =>
  JSON.stringify([
    { key: "a", label: "A", maxPoints: max, weight: 0.5, requireComment: false },
    { key: "b", label: "B", maxPoints: max, weight: 0.5, requireComment: false },
  ]);

describe("the judge's queue in a contest of rounds", () => {
  test("labels each assignment's round and shows each total out of its rubric's maximum", async () => {
    const { contest } = await lifecycleContest();
    const ten = await prisma.rubric.create({
      data: { contestId: contest.id, name: "Heats rubric", criteria: crit(10) },
    });
    const twenty = await prisma.rubric.create({
      data: { contestId: contest.id, name: "Final rubric", criteria: crit(20) },
    });
    const window = (from: number, to: number) => ({
      judgingOpen: new Date(now + from * DAY),
      judgingClose: new Date(now + to * DAY),
    });
    await prisma.judgingRound.createMany({
      data: [
        {
          contestId: contest.id,
          number: 1,
          name: "Heats",
          judgesPerEntry: 1,
          rubricId: ten.id,
          advanceRule: "top",
          advanceValue: 1,
          ...window(-5, -1),
        },
        {
          contestId: contest.id,
          number: 2,
          name: "Final",
          judgesPerEntry: 1,
          rubricId: twenty.id,
          ...window(0, 5),
        },
      ],
    });
    const judge = await person("qjudge", ["judge"]);
    for (const [round, rubric, total] of [
      [1, ten, 8],
      [2, twenty, 17],
    ] as const) {
      const { submission: s } = await entry(contest.id);
      const a = await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId: judge.id, submissionId: s.id, round },
      });
      await prisma.score.create({
        data: {
          assignmentId: a.id,
          rubricId: rubric.id,
          judgeId: judge.id,
          submissionId: s.id,
          scores: "{}",
          total,
          submittedAt: new Date(now - (3 - round) * 60_000),
        },
      });
    }
    const { items } = await judgeQueue(judge.id);
    expect(
      [...items]
        .sort((x, y) => x.round - y.round)
        .map((i) => [i.round, i.roundName, i.total, i.maxTotal]),
    ).toEqual([
      [1, "Heats", 8, 10],
      [2, "Final", 17, 20],
    ]);

    // The page's data: each card's lines as shown, and nothing else (ADR 0085).
    const data = (await queuePage.loader({
      request: new Request("http://inkwell.test/judge", {
        headers: { cookie: await cookieFor(judge.id) },
      }),
      params: {},
      context: {},
    })) as Awaited<ReturnType<typeof queuePage.loader>>;
    const cards = [...data.items].sort((x, y) => x.contest.localeCompare(y.contest));
    expect(cards.map((c) => Object.keys(c).sort())).toEqual(
      Array(2).fill(["contest", "draft", "line", "score", "submissionId", "title"]),
    );
    expect(cards.map((c) => [c.contest, c.score, c.draft])).toEqual([
      [`${contest.title} · Round 1 (Heats)`, "Scored · 8.00 / 10.00", false],
      [`${contest.title} · Round 2 (Final)`, "Scored · 17.00 / 20.00", false],
    ]);
    for (const c of cards)
      expect(c.line).toMatch(/^\d+ words · Due [A-Z][a-z]{2} \d{1,2}, \d{4}, /);
  });
});
