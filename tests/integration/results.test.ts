import { PDFDocument } from "pdf-lib";
import { describe, expect, test } from "vitest";
import { entrantCertificate } from "~/features/results/certificate.server";
import { awardsReview, saveAwards } from "~/features/results/award-review.server";
import { entryResults, publicResults } from "~/features/results/results.server";
import { deleteAccount } from "~/features/privacy/account-deletion.server";
import { prisma } from "~/utils/db.server";

const DAY = 86_400_000;
const criteria = JSON.stringify([
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "plot", label: "Plot", maxPoints: 10, weight: 0.5, requireComment: false },
]);

/** A published contest whose results come out `resultsIn` ms from now, with scored entries. */
async function contestWithScores(slug: string, resultsIn: number, totals: number[][]) {
  const base = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug,
      title: `Contest ${slug}`,
      description: "A contest for testing",
      isPublished: true,
      places: 2,
      honourableMentions: 1,
      submissionsOpen: new Date(base - 40 * DAY),
      submissionsClose: new Date(base - 30 * DAY),
      judgingOpen: new Date(base - 29 * DAY),
      judgingClose: new Date(base - 2 * DAY),
      resultsAt: new Date(base + resultsIn),
      rubrics: { create: { name: "R", criteria } },
    },
    include: { rubrics: true },
  });
  const entries = [];
  for (const [i, scores] of totals.entries()) {
    const writer = await prisma.user.create({
      data: { email: `w${i}-${slug}@example.com`, displayName: `Writer ${i}` },
    });
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: `Story ${i}`,
        body: `The text of story ${i}`,
        status: "submitted",
        showIfAwarded: i === 0,
      },
    });
    for (const total of scores) {
      const judgeN = await prisma.user.create({
        data: {
          email: `j${i}-${total}-${Math.random()}@example.com`,
          displayName: "Hidden Judge Name",
        },
      });
      const a = await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId: judgeN.id, submissionId: entry.id },
      });
      await prisma.score.create({
        data: {
          assignmentId: a.id,
          rubricId: contest.rubrics[0].id,
          judgeId: judgeN.id,
          submissionId: entry.id,
          scores: JSON.stringify({ voice: total, plot: total }),
          comment: `Comment ${total}`,
          total,
          submittedAt: new Date(),
        },
      });
    }
    entries.push({ ...entry, writerId: writer.id });
  }
  return { contest, entries };
}

describe("results", () => {
  test("before results_at nothing is public; the admin sees the computed awards", async () => {
    const { contest, entries } = await contestWithScores("before", DAY, [[9, 8], [7], [6], [5]]);
    const pub = await publicResults(contest.slug);
    expect(pub).toMatchObject({ published: false, awards: [] });
    expect(await entryResults(entries[0].writerId, entries[0].id)).toBeNull();
    const review = await awardsReview(contest.id);
    expect(review?.rows.map((r) => r.computed && [r.computed.kind, r.computed.place])).toEqual([
      ["place", 1],
      ["place", 2],
      ["honourable", null],
      null,
    ]);
    await expect(
      saveAwards(contest.id, { choices: { [entries[0].id]: "2", [entries[1].id]: "1" } }),
    ).rejects.toMatchObject({ field: "note" });
    await saveAwards(contest.id, {
      choices: { [entries[0].id]: "2", [entries[1].id]: "1", [entries[2].id]: "hm" },
      note: "Panel decision",
    });
    expect((await awardsReview(contest.id))?.adjusted).toBe(true);
  });

  test("after results_at: winners are public and frozen; the entrant reads scores and Judge N", async () => {
    const { contest, entries } = await contestWithScores("after", -DAY, [[9, 8], [7], [6], [5]]);
    const pub = await publicResults(contest.slug);
    expect(pub?.published).toBe(true);
    expect(pub?.awards.map((a) => [a.title, a.kind, a.place, a.writer])).toEqual([
      ["Story 0", "place", 1, "Writer 0"],
      ["Story 1", "place", 2, null],
      ["Story 2", "honourable", null, null],
    ]);
    expect(pub?.awards[0].text).toBe("The text of story 0");
    expect(pub?.awards[1].text).toBeNull();

    // A later score edit does not move published results.
    await prisma.score.updateMany({ where: { submissionId: entries[3].id }, data: { total: 10 } });
    expect((await publicResults(contest.slug))?.awards[0].title).toBe("Story 0");

    const mine = await entryResults(entries[0].writerId, entries[0].id);
    expect(mine).toMatchObject({
      award: { label: "1st place" },
      average: 8.5,
      outOf: 10,
      criteria: [
        { label: "Voice", outOf: 10, average: 8.5 },
        { label: "Plot", outOf: 10, average: 8.5 },
      ],
    });
    expect(mine?.comments.map((c) => c.judge)).toEqual(["Judge 1", "Judge 2"]);
    expect(JSON.stringify(mine)).not.toContain("Hidden Judge Name");
    expect(await entryResults(entries[1].writerId, entries[0].id)).toBeNull();

    const pdf = (await entrantCertificate(entries[0].writerId, entries[0].id))?.pdf;
    expect(pdf).toBeDefined();
    const doc = await PDFDocument.load(pdf!);
    expect(doc.getTitle()).toBe("1st place: Story 0");
    expect(await entrantCertificate(entries[3].writerId, entries[3].id)).toBeNull();
    expect(await entrantCertificate(entries[1].writerId, entries[0].id)).toBeNull();
  });

  test("public results name only writers who agreed, as they were named at publication", async () => {
    const { contest, entries } = await contestWithScores("names", DAY, [[9], [8], [7]]);
    // Entry 0's writer agreed (showIfAwarded); entries 1 and 2's did not.
    const preview = await publicResults(contest.slug, new Date(), { preview: true });
    expect(preview?.awards.map((a) => a.writer)).toEqual(["Writer 0", null, null]);

    const published = new Date(contest.resultsAt.getTime() + 1000);
    const first = await publicResults(contest.slug, published);
    expect(first?.awards.map((a) => [a.title, a.writer])).toEqual([
      ["Story 0", "Writer 0"],
      ["Story 1", null],
      ["Story 2", null],
    ]);
    expect(JSON.stringify(first)).not.toContain("Writer 1");
    expect(JSON.stringify(first)).not.toContain("Writer 2");

    // Renaming after publication changes nothing the public sees.
    await prisma.user.update({
      where: { id: entries[0].writerId },
      data: { displayName: "Emma Smith 2014" },
    });
    await prisma.user.update({
      where: { id: entries[1].writerId },
      data: { displayName: "Someone Else" },
    });
    const later = await publicResults(contest.slug, new Date(published.getTime() + DAY));
    expect(later?.awards.map((a) => a.writer)).toEqual(["Writer 0", null, null]);
    expect(JSON.stringify(later)).not.toContain("Emma Smith");

    // The entrant's own results and certificate are still theirs, with their award.
    expect(
      (await entryResults(entries[1].writerId, entries[1].id, published))?.award,
    ).toMatchObject({ label: "2nd place" });
    const pdf = await entrantCertificate(entries[1].writerId, entries[1].id, published);
    expect(pdf).not.toBeNull();

    // A deleted account is never named.
    await deleteAccount(entries[0].writerId);
    const after = await prisma.contestAward.findUnique({ where: { submissionId: entries[0].id } });
    expect(after?.publicName ?? null).toBeNull();
    const gone = await publicResults(contest.slug, new Date(published.getTime() + 2 * DAY));
    expect(JSON.stringify(gone)).not.toContain("Writer 0");
  });
});
