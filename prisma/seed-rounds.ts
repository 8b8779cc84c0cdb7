/**
 * Demo contests run the way a national youth contest is (docs/decisions/0032-divisions-and-rounds.md):
 * three divisions by school grade and two judging rounds, a first read by one panel and a final
 * round by fresh judges. "Spring Story Cup 2026" has finished: the shortlist (the top two of each
 * division) went on, the final round is scored and its results step publishes winners per division
 * on the scheduler's first run. "Northern Lights Story Prize" is in its first round's judging, with
 * some of the demo judge's entries still to score. Made once, by slug, like the rest of the seed.
 */
import { prisma } from "~/utils/db.server";
import { weightedTotal } from "../app/features/contests/rubric";
import { DAY, ensureContest, ensureUser, standardRubric, story } from "./seed-helpers";

type Person = { id: string };

const DIVISIONS = [
  { name: "Grades 3-5", min: 3, max: 5 },
  { name: "Grades 6-8", min: 6, max: 8 },
  { name: "Grades 9-12", min: 9, max: 12 },
];

const SPRING_TITLES = [
  "The Kite That Stayed Up",
  "Puddle Kingdom",
  "My Brother the Robot",
  "Grandma's Seed Box",
  "The Bus Stop Lighthouse",
  "Ninety-Nine Steps",
  "Signal Lost",
  "A Map of Small Things",
  "The Glass Orchard",
  "What the River Kept",
  "Nightshift at the Observatory",
  "Echoes in Room 4B",
];

const NORTHERN_TITLES = [
  "The Fox Who Counted Stars",
  "Snow Day Detectives",
  "Aurora Street",
  "The Quiet Compass",
  "Borrowed Wings",
  "Under the Ice",
  "The Cartographer's Daughter",
  "Northbound",
  "Letters to the Lighthouse",
];

function scoresFor(entry: number, judge: number, lift: number) {
  const scores = Object.fromEntries(
    standardRubric.map((c, k) => [
      c.key,
      Math.min(10, 4 + ((entry * 5 + judge * 3 + k * 2) % 5) + lift),
    ]),
  );
  return { scores, total: weightedTotal(standardRubric, scores) };
}

async function score(
  contestId: string,
  rubricId: string,
  round: number,
  judgeId: string,
  submissionId: string,
  values: { scores: Record<string, number>; total: number },
) {
  const assignment = await prisma.judgeAssignment.create({
    data: { contestId, judgeId, submissionId, round },
  });
  await prisma.score.create({
    data: {
      assignmentId: assignment.id,
      rubricId,
      judgeId,
      submissionId,
      scores: JSON.stringify(values.scores),
      comment: "A clear voice and a shape that holds. Read it aloud once more before you send it.",
      total: values.total,
      submittedAt: new Date(),
    },
  });
}

async function makeDivisions(contestId: string) {
  const rows = [];
  for (const [i, d] of DIVISIONS.entries())
    rows.push(
      await prisma.division.create({
        data: { contestId, position: i + 1, name: d.name, basis: "grade", min: d.min, max: d.max },
      }),
    );
  return rows;
}

async function makeRounds(
  contestId: string,
  rubricId: string,
  days: { first: [number, number]; final: [number, number] },
  pools: { first: Person[]; final: Person[] },
  advance: { rule: string; value: number },
) {
  const at = (d: number) => new Date(Date.now() + d * DAY);
  const first = await prisma.judgingRound.create({
    data: {
      contestId,
      number: 1,
      name: "First read",
      rubricId,
      judgesPerEntry: 2,
      judgingOpen: at(days.first[0]),
      judgingClose: at(days.first[1]),
      advanceRule: advance.rule,
      advanceValue: advance.value,
      judges: { create: pools.first.map((j) => ({ judgeId: j.id })) },
    },
  });
  const final = await prisma.judgingRound.create({
    data: {
      contestId,
      number: 2,
      name: "Final round",
      rubricId,
      judgesPerEntry: 2,
      judgingOpen: at(days.final[0]),
      judgingClose: at(days.final[1]),
      judges: { create: pools.final.map((j) => ({ judgeId: j.id })) },
    },
  });
  return { first, final };
}

export async function seedStagedContests(people: { writers: Person[]; judges: Person[] }) {
  const younger: Person[] = [];
  for (const [i, [name, grade]] of (
    [
      ["Ava Brooks", 3],
      ["Kai Mensah", 4],
      ["Ines Duarte", 5],
      ["Tom Becker", 6],
      ["Yara Haddad", 7],
      ["Finn Walsh", 8],
      ["Ruby Alvarez", 8],
    ] as const
  ).entries()) {
    const user = await ensureUser(`young${i + 1}@inkwell.test`, name, {
      born: `${2020 - grade}-0${(i % 9) + 1}-15`,
      grade,
    });
    // Under 13: a parent agreed (the consent flow every young writer goes through).
    await prisma.user.update({
      where: { id: user.id },
      data: { parentEmail: `parent.young${i + 1}@inkwell.test`, parentConsentAt: new Date() },
    });
    younger.push(user);
  }
  const finalJudges = [
    await ensureUser("judge4@inkwell.test", "Dana Whitlock", { roles: ["judge"] }),
    await ensureUser("judge5@inkwell.test", "Imani Cole", { roles: ["judge"] }),
  ];
  const pupil = await prisma.user.findUniqueOrThrow({ where: { email: "pupil@inkwell.test" } });
  const [ava, kai, ines, tom, yara, finn, ruby] = younger;
  const [entrant, riley, priya, lucas] = people.writers;
  // Writers by division, in the divisions' order (grades 3-5, 6-8, 9-12).
  const springWriters = [
    [ava, kai, ines, pupil],
    [tom, yara, finn, ruby],
    [entrant, riley, priya, lucas],
  ];
  const northernWriters = [
    [kai, ines, pupil],
    [yara, finn, ruby],
    [entrant, priya, lucas],
  ];

  const spring = await ensureContest(
    {
      slug: "spring-story-cup-2026",
      title: "Spring Story Cup 2026",
      description:
        "A national short story contest in three divisions: grades 3-5, 6-8 and 9-12. A first read chose a shortlist in each division, and fresh judges read the shortlist in the final round. The results are out.",
      rules:
        "One entry per writer. You enter the division of your school grade. Your story must be your own original, unpublished work. Do not put your name anywhere in the story: judging is anonymous.",
      fee: 0,
      wordMin: 50,
      wordMax: 1500,
      published: true,
      judgesPerSubmission: 2,
      dates: [-120, -95, -94, -55, -50],
      prompts: [["Spring cleaning", "Something long hidden turns up during a spring clean."]],
    },
    async ({ id, rubricId }) => {
      const divisions = await makeDivisions(id);
      const { first } = await makeRounds(
        id,
        rubricId,
        { first: [-94, -75], final: [-74, -55] },
        { first: people.judges, final: finalJudges },
        { rule: "top", value: 2 },
      );
      let n = 0;
      for (const [d, writers] of springWriters.entries()) {
        const entries = [];
        for (const [i, writer] of writers.entries()) {
          const body = story(140 + n * 23, n * 3 + 1);
          const submission = await prisma.submission.create({
            data: {
              contestId: id,
              entrantId: writer.id,
              divisionId: divisions[d].id,
              title: SPRING_TITLES[n],
              body,
              wordCount: body.split(/\s+/).length,
              status: "submitted",
              showIfAwarded: true,
            },
          });
          // Round 1: two of the three first-read judges each, in rotation; every score is in.
          for (const k of [0, 1]) {
            const judge = people.judges[(n + k) % people.judges.length];
            await score(id, rubricId, 1, judge.id, submission.id, scoresFor(n, k, i < 2 ? 3 : 0));
          }
          entries.push(submission);
          n += 1;
        }
        // The first two of each division scored highest: they went on to the final round, read
        // there by the two final-round judges.
        for (const [i, s] of entries.slice(0, 2).entries()) {
          await prisma.advancement.create({
            data: { contestId: id, round: 2, submissionId: s.id, source: "rule" },
          });
          for (const [k, judge] of finalJudges.entries())
            await score(id, rubricId, 2, judge.id, s.id, scoresFor(i + d, k, i === 0 ? 4 : 2));
        }
      }
      await prisma.judgingRound.update({
        where: { id: first.id },
        data: { advancedAt: new Date(Date.now() - 75 * DAY) },
      });
    },
  );

  await ensureContest(
    {
      slug: "northern-lights-story-prize",
      title: "Northern Lights Story Prize",
      description:
        "Stories lit by a cold, bright sky, in three divisions: grades 3-5, 6-8 and 9-12. Submissions have closed and the first round of judging is under way; a shortlist goes on to the final round.",
      rules:
        "One entry per writer. You enter the division of your school grade. Your story must be your own original, unpublished work. Do not put your name anywhere in the story: judging is anonymous.",
      fee: 0,
      wordMin: 50,
      wordMax: 1500,
      published: true,
      judgesPerSubmission: 2,
      dates: [-30, -3, -2, 24, 30],
      prompts: [["First light", "Write about the first light after a long dark."]],
    },
    async ({ id, rubricId }) => {
      const divisions = await makeDivisions(id);
      await makeRounds(
        id,
        rubricId,
        { first: [-2, 10], final: [12, 24] },
        { first: people.judges, final: finalJudges },
        { rule: "percent", value: 34 },
      );
      let n = 0;
      for (const [d, writers] of northernWriters.entries()) {
        for (const writer of writers) {
          const body = story(160 + n * 31, n * 2 + 5);
          const submission = await prisma.submission.create({
            data: {
              contestId: id,
              entrantId: writer.id,
              divisionId: divisions[d].id,
              title: NORTHERN_TITLES[n],
              body,
              wordCount: body.split(/\s+/).length,
              status: "submitted",
            },
          });
          for (const k of [0, 1]) {
            const judge = people.judges[(n + k) % people.judges.length];
            // The demo judge (judges[0]) has read only the first few: the rest wait in the queue.
            if (judge.id === people.judges[0].id && n >= 4) {
              await prisma.judgeAssignment.create({
                data: { contestId: id, judgeId: judge.id, submissionId: submission.id, round: 1 },
              });
              continue;
            }
            await score(id, rubricId, 1, judge.id, submission.id, scoresFor(n, k, (n * 7) % 4));
          }
          n += 1;
        }
      }
    },
  );
  return { spring: spring.contest };
}
