import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, test } from "vitest";
import {
  classCertificate,
  classCertificatesZip,
  classContestResults,
  classResultsRows,
  educatorCertificate,
} from "~/features/classrooms/class-results.server";
import { ownClassroom } from "~/features/classrooms/educator-access.server";
import {
  adminSubmissionRowsForCsv,
  CSV_COLUMNS,
  listAdminSubmissions,
  schoolOptions,
} from "~/features/entries/admin-submissions.server";
import {
  classEntriesSent,
  entrantResults,
  getEntrantSubmission,
  getSentForPupil,
  listEntrantSubmissions,
  listSentForPupil,
} from "~/features/entries/entrant-submissions.server";
import { entrantsForContest } from "~/features/judging/ranking.server";
import { entryScores } from "~/features/judging/entry-scores.server";
import { judgeQueue, loadReview } from "~/features/judging/review.server";
import { entrantCertificate } from "~/features/results/certificate.server";
import { awardsReview } from "~/features/results/award-review.server";
import { entryResults, publicResults } from "~/features/results/results.server";
import { prisma } from "~/utils/db.server";

const DAY = 86_400_000;
const criteria = JSON.stringify([
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "plot", label: "Plot", maxPoints: 10, weight: 0.5, requireComment: false },
]);
const IDENTITY = ["Grace", "Hopkins", "Maple Grove", "Mia"];

let n = 0;
const user = (displayName: string) =>
  prisma.user.create({ data: { email: `u${++n}-${Date.now()}@example.com`, displayName } });

/** A school, its educator and a class with pupils (some with accounts). */
async function classWith(
  teacher: string,
  school: string,
  pupils: { first: string; last: string; grade: number | null; account?: string }[],
) {
  const educator = await user(teacher);
  const schoolRow = await prisma.school.create({
    data: { name: school, city: "Springfield", country: "US" },
  });
  await prisma.educator.create({
    data: { userId: educator.id, schoolId: schoolRow.id, role: "Teacher", status: "approved" },
  });
  const classroom = await prisma.classroom.create({
    data: {
      educatorId: educator.id,
      name: `${teacher}'s class`,
      band: "Grade 5",
      size: 30,
      joinCode: `CODE-${++n}-${Date.now()}`,
    },
  });
  const rows = [];
  for (const p of pupils) {
    const account = p.account ? await user(p.account) : null;
    rows.push({
      ...(await prisma.pupil.create({
        data: {
          classroomId: classroom.id,
          firstName: p.first,
          lastInitial: p.last,
          grade: p.grade,
          userId: account?.id,
          joinedAt: account ? new Date() : null,
        },
      })),
      account,
    });
  }
  return { educator, school: schoolRow, classroom, pupils: rows };
}

/** A contest whose results are out (or not), judged by one judge. */
async function contest(slug: string, opts: { anonymous?: boolean; resultsIn?: number } = {}) {
  const base = Date.now();
  return prisma.contest.create({
    data: {
      slug,
      title: `Winter Tales ${slug}`,
      description: "A contest for testing",
      isPublished: true,
      anonymous: opts.anonymous ?? true,
      places: 2,
      honourableMentions: 1,
      submissionsOpen: new Date(base - 40 * DAY),
      submissionsClose: new Date(base - 30 * DAY),
      judgingOpen: new Date(base - 29 * DAY),
      judgingClose: new Date(base + DAY),
      resultsAt: new Date(base + (opts.resultsIn ?? -DAY)),
      rubrics: { create: { name: "R", criteria } },
    },
    include: { rubrics: true },
  });
}

async function entry(
  c: Awaited<ReturnType<typeof contest>>,
  judgeId: string,
  e: {
    entrantId: string;
    pupilId?: string;
    title: string;
    score: number;
    showIfAwarded?: boolean;
  },
) {
  const s = await prisma.submission.create({
    data: {
      contestId: c.id,
      entrantId: e.entrantId,
      pupilId: e.pupilId ?? null,
      title: e.title,
      body: `Snow fell on the harbour. ${e.title}.`,
      wordCount: 6,
      status: "submitted",
      showIfAwarded: e.showIfAwarded ?? false,
    },
  });
  const a = await prisma.judgeAssignment.create({
    data: { contestId: c.id, judgeId, submissionId: s.id },
  });
  await prisma.score.create({
    data: {
      assignmentId: a.id,
      rubricId: c.rubrics[0].id,
      judgeId,
      submissionId: s.id,
      scores: JSON.stringify({ voice: e.score, plot: e.score }),
      comment: `Lovely rhythm in ${e.title}`,
      total: e.score,
      submittedAt: new Date(),
    },
  });
  return s;
}

let world: Awaited<ReturnType<typeof build>>;

async function build() {
  const grace = await classWith("Grace Hopkins", "Maple Grove Primary", [
    { first: "Mia", last: "R", grade: 5, account: "Mia Rivera" },
    { first: "Noah", last: "T", grade: 5, account: "Noah Tan" },
    { first: "Zara", last: "K", grade: 0 },
  ]);
  const other = await classWith("Olive Stone", "Hillside School", [
    { first: "Ben", last: "A", grade: 4 },
  ]);
  const judge = await user("Judge Person");
  const solo = await user("Solo Writer");
  const c = await contest("class-results");
  const [mia, noah, zara] = grace.pupils;
  const entries = {
    mia: await entry(c, judge.id, {
      entrantId: grace.educator.id,
      pupilId: mia.id,
      title: "The Paper Boat",
      score: 9,
      showIfAwarded: true,
    }),
    noah: await entry(c, judge.id, {
      entrantId: grace.educator.id,
      pupilId: noah.id,
      title: "Grandma's Radio",
      score: 8,
    }),
    solo: await entry(c, judge.id, { entrantId: solo.id, title: "Alone", score: 7 }),
    zara: await entry(c, judge.id, {
      entrantId: grace.educator.id,
      pupilId: zara.id,
      title: "Snow Day Map",
      score: 3,
    }),
    ben: await entry(c, judge.id, {
      entrantId: other.educator.id,
      pupilId: other.pupils[0].id,
      title: "Under the Bleachers",
      score: 2,
    }),
  };
  return { grace, other, judge, solo, contest: c, entries };
}

beforeAll(async () => {
  world = await build();
});

describe("class results (docs/decisions/0031)", () => {
  test("public results name the pupil with the opt-in, and nobody without it", async () => {
    const pub = await publicResults(world.contest.slug);
    expect(pub?.awards.map((a) => [a.title, a.place, a.writer])).toEqual([
      ["The Paper Boat", 1, "Mia R."],
      ["Grandma's Radio", 2, null],
      ["Alone", null, null],
    ]);
    const frozen = await prisma.contestAward.findUnique({
      where: { submissionId: world.entries.mia.id },
    });
    expect(frozen?.publicName).toBe("Mia R.");
    const text = JSON.stringify(pub);
    for (const s of ["Grace", "Hopkins", "Maple Grove", "Noah"]) expect(text).not.toContain(s);
  });

  test("the certificate names the pupil, and the pupil (only) may download it", async () => {
    const { grace, entries } = world;
    const [mia, noah] = grace.pupils;
    const byEducator = await entrantCertificate(grace.educator.id, entries.mia.id);
    expect(byEducator).toMatchObject({
      writer: "Mia R.",
      fileName: "inkwell-certificate-mia-r.pdf",
    });
    const doc = await PDFDocument.load(byEducator!.pdf);
    expect(doc.getTitle()).toBe("1st place: The Paper Boat");
    expect((await entrantCertificate(mia.account!.id, entries.mia.id))?.writer).toBe("Mia R.");
    expect(await entrantCertificate(noah.account!.id, entries.mia.id)).toBeNull();
    expect(await entrantCertificate(world.solo.id, entries.mia.id)).toBeNull();
  });

  test("the class's results: entries, scores, anonymous feedback, awards, CSV rows", async () => {
    const view = await classContestResults(world.grace.classroom.id, world.contest.slug);
    expect(view?.published).toBe(true);
    expect(classResultsRows(view!)).toEqual([
      ["Zara K.", "K", "Snow Day Map", "Submitted", "3.00", ""],
      ["Mia R.", "5", "The Paper Boat", "Submitted", "9.00", "1st place"],
      ["Noah T.", "5", "Grandma's Radio", "Submitted", "8.00", "2nd place"],
    ]);
    const mia = view!.entries.find((e) => e.id === world.entries.mia.id)!;
    expect(mia.results?.reviews).toMatchObject([
      { label: "Judge 1", total: 9, comment: "Lovely rhythm in The Paper Boat" },
    ]);
    expect(JSON.stringify(view)).not.toContain("Judge Person");
    // Another class's entry and the writer on their own are not listed.
    expect(JSON.stringify(view)).not.toContain("Under the Bleachers");
    expect(JSON.stringify(view)).not.toContain("Alone");
    expect(await classContestResults(world.grace.classroom.id, "no-such-contest")).toBeNull();

    // Before results are out: statuses only.
    const early = await classContestResults(
      world.grace.classroom.id,
      world.contest.slug,
      new Date(world.contest.resultsAt.getTime() - 1000),
    );
    expect(early?.published).toBe(false);
    expect(early?.entries.every((e) => e.results === null)).toBe(true);
    await expect(classCertificatesZip(early!)).rejects.toThrow(/results are out/);
  });

  test("the zip holds one PDF per certificate; one certificate alone; none is a clear refusal", async () => {
    const view = (await classContestResults(world.grace.classroom.id, world.contest.slug))!;
    const { zip, count } = await classCertificatesZip(view);
    const files = unzipSync(zip);
    expect(count).toBe(2);
    expect(Object.keys(files).sort()).toEqual([
      "inkwell-certificate-mia-r.pdf",
      "inkwell-certificate-noah-t.pdf",
    ]);
    for (const bytes of Object.values(files)) {
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    }
    expect((await classCertificate(view, world.entries.noah.id))?.writer).toBe("Noah T.");
    expect(await classCertificate(view, world.entries.zara.id)).toBeNull();
    expect(await classCertificate(view, world.entries.ben.id)).toBeNull();

    const otherView = (await classContestResults(world.other.classroom.id, world.contest.slug))!;
    await expect(classCertificatesZip(otherView)).rejects.toThrow(/no certificates/);
  });

  test("the educator's certificate needs a placed pupil", async () => {
    const view = (await classContestResults(world.grace.classroom.id, world.contest.slug))!;
    const cert = await educatorCertificate(view, {
      name: "Grace Hopkins",
      school: "Maple Grove Primary",
    });
    const doc = await PDFDocument.load(cert.pdf);
    expect(doc.getTitle()).toBe("In recognition: Grace Hopkins");
    expect(cert.fileName).toBe(`inkwell-educator-certificate-${world.contest.slug}.pdf`);
    const otherView = (await classContestResults(world.other.classroom.id, world.contest.slug))!;
    await expect(
      educatorCertificate(otherView, { name: "Olive Stone", school: "Hillside School" }),
    ).rejects.toThrow(/placed/);
  });

  test("another educator's class is not found", async () => {
    await expect(
      ownClassroom(world.other.educator.id, world.grace.classroom.id),
    ).rejects.toMatchObject({ status: 404 });
  });

  test("a pupil reads the entries sent for them; another pupil of the class cannot", async () => {
    const [mia, noah, zara] = world.grace.pupils;
    const mine = await listSentForPupil(mia.account!.id);
    expect(mine.submissions.map((s) => [s.title, s.entrant.displayName])).toEqual([
      ["The Paper Boat", "Grace Hopkins"],
    ]);
    expect(await getSentForPupil(mia.account!.id, world.entries.mia.id)).not.toBeNull();
    expect(await getSentForPupil(noah.account!.id, world.entries.mia.id)).toBeNull();
    // A pupil never manages the entry: it is not their own (withdraw, pay answer 404).
    expect(await getEntrantSubmission(mia.account!.id, world.entries.mia.id)).toBeNull();
    expect(zara.account).toBeNull();

    expect((await entryResults(mia.account!.id, world.entries.mia.id))?.award).toMatchObject({
      label: "1st place",
    });
    expect(await entryResults(noah.account!.id, world.entries.mia.id)).toBeNull();
    const results = await entrantResults(mia.account!.id);
    expect(results.map((r) => r.title)).toEqual(["The Paper Boat"]);
    expect(results[0].reviews[0].label).toBe("Judge 1");
  });

  test("the educator's dashboard keeps class entries apart from their own writing", async () => {
    const grace = world.grace.educator.id;
    expect((await listEntrantSubmissions(grace)).submissions).toEqual([]);
    expect(await classEntriesSent(grace)).toBe(3);
    expect(await entrantResults(grace)).toEqual([]);
    // They still manage them: the entry page answers for the sender.
    expect(await getEntrantSubmission(grace, world.entries.mia.id)).not.toBeNull();
  });

  test("judge-facing data of a class entry names no pupil, educator or school", async () => {
    const queue = await judgeQueue(world.judge.id);
    expect(queue.items.map((i) => i.title)).toContain("The Paper Boat");
    const review = await loadReview(world.judge.id, world.entries.mia.id);
    expect(review?.author).toBeNull();
    const text = JSON.stringify({ queue, review });
    for (const s of IDENTITY) expect(text).not.toContain(s);

    // Without anonymity judges read the writer, the pupil: never the educator or school.
    const open = await contest("class-results-open", { anonymous: false });
    const e = await entry(open, world.judge.id, {
      entrantId: world.grace.educator.id,
      pupilId: world.grace.pupils[0].id,
      title: "Open Book",
      score: 5,
    });
    const named = await loadReview(world.judge.id, e.id);
    expect(named?.author).toBe("Mia R.");
    for (const s of ["Grace", "Hopkins", "Maple Grove"]) {
      expect(JSON.stringify(named)).not.toContain(s);
    }
  });

  test("admins read who sent a class entry, filter by school and export its columns", async () => {
    const review = await awardsReview(world.contest.id);
    const row = review?.rows.find((r) => r.id === world.entries.mia.id);
    expect(row?.writer).toBe("Mia R. (sent by Grace Hopkins, Maple Grove Primary)");
    expect(review?.rows.find((r) => r.id === world.entries.solo.id)?.writer).toBe("Solo Writer");
    // The admin's scoring page and its CSV say the same.
    const label = "Mia R. (sent by Grace Hopkins, Maple Grove Primary)";
    expect((await entryScores(world.entries.mia.id))?.submission.entrant.displayName).toBe(label);
    expect(
      (await entrantsForContest(world.contest.id)).get(world.entries.mia.id)?.displayName,
    ).toBe(label);

    const schools = await schoolOptions();
    expect(schools.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Maple Grove Primary", "Hillside School"]),
    );
    const filter = { schoolId: world.grace.school.id };
    const list = await listAdminSubmissions(filter);
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(new Set(list.submissions.map((s) => s.entrant.displayName))).toEqual(
      new Set(["Grace Hopkins"]),
    );

    const at = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const rows = [];
    for await (const r of adminSubmissionRowsForCsv({ ...filter, contestId: world.contest.id })) {
      rows.push(r);
    }
    expect(
      rows.map((r) => [r[at("Title")], r[at("School")], r[at("Pupil")], r[at("Sent by")]]).sort(),
    ).toEqual([
      ["Grandma's Radio", "Maple Grove Primary", "Noah T.", "Grace Hopkins"],
      ["Snow Day Map", "Maple Grove Primary", "Zara K.", "Grace Hopkins"],
      ["The Paper Boat", "Maple Grove Primary", "Mia R.", "Grace Hopkins"],
    ]);
    const all = [];
    for await (const r of adminSubmissionRowsForCsv({ contestId: world.contest.id })) all.push(r);
    const solo = all.find((r) => r[at("Title")] === "Alone")!;
    expect([solo[at("School")], solo[at("Pupil")], solo[at("Sent by")]]).toEqual(["", "", ""]);
  });

  test("notes on pieces judged by comparison reach the educator with results, no judge named", async () => {
    const c = await contest("class-compared");
    const round = await prisma.judgingRound.create({
      data: {
        contestId: c.id,
        number: 1,
        name: "Compared",
        method: "comparison",
        judgingOpen: c.judgingOpen,
        judgingClose: c.judgingClose,
      },
    });
    const [mia, noah] = world.grace.pupils;
    const made = [];
    for (const [pupil, title] of [
      [mia, "The Kite"],
      [noah, "The Well"],
    ] as const)
      made.push(
        await prisma.submission.create({
          data: {
            contestId: c.id,
            entrantId: world.grace.educator.id,
            pupilId: pupil.id,
            title,
            body: "A short piece.",
            wordCount: 3,
            status: "submitted",
          },
        }),
      );
    const [kite, well] = made;
    await prisma.comparison.create({
      data: {
        contestId: c.id,
        roundId: round.id,
        judgeId: world.judge.id,
        entryAId: kite!.id,
        entryBId: well!.id,
        pairKey: [kite!.id, well!.id].sort().join("|"),
        winnerId: kite!.id,
        noteA: "The kite's string is a lovely image.",
        noteB: null,
        decidedAt: new Date(),
      },
    });
    const view = (await classContestResults(world.grace.classroom.id, c.slug))!;
    const byId = new Map(view.entries.map((e) => [e.id, e]));
    expect(byId.get(kite!.id)!.results).toMatchObject({
      average: null,
      comparedLast: true,
      reviews: [],
      notes: [{ judge: "Note 1", comment: "The kite's string is a lovely image." }],
    });
    expect(byId.get(well!.id)!.results).toMatchObject({ comparedLast: true, notes: [] });
    expect(JSON.stringify(view)).not.toContain("Judge Person");
    expect(JSON.stringify(view)).not.toContain(world.judge.id);
    // Before results are out: nothing of it.
    const early = await classContestResults(
      world.grace.classroom.id,
      c.slug,
      new Date(c.resultsAt.getTime() - 1000),
    );
    expect(early!.entries.every((e) => e.results === null)).toBe(true);
  });
});
