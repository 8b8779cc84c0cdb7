/**
 * Divisions at entry time and in admin (docs/decisions/0032-divisions-and-rounds.md): an entry is
 * placed in its division at the write, refused when the writer fits none or lacks their grade,
 * checked against its division's word range; a class entry is placed by the roster grade; the
 * admin's move keeps a history and bumps the ranking version; the CSV names the division.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { enterFor, linkedPupil, makeEducator, openContest, rosterPupil } from "./class-fixtures";
import { settled } from "./entry-outcome";

const { prisma } = await import("~/utils/db.server");
const { receiveEntry: receive, newEntryKey } =
  await import("~/features/entries/receive-entry.server");
const receiveEntry = settled(receive);
const { saveDivision, deleteDivision, setDivisionJudges, setPromptDivision, moveDivision } =
  await import("~/features/divisions/divisions-admin.server");
const { contestDivisions } = await import("~/features/divisions/divisions.server");
const { entryDivisionNotice } = await import("~/features/divisions/placement.server");
const { moveToDivision, divisionMoves } = await import("~/features/entries/division-move.server");
const { adminSubmissionRowsForCsv, CSV_COLUMNS, listAdminSubmissions } =
  await import("~/features/entries/admin-submissions.server");
const { exportUserData } = await import("~/features/privacy/data-export.server");
const { sendSubmissionConfirmation } =
  await import("~/features/entries/entrant-submissions.server");
const { wordRangeMessage } = await import("~/features/entries/entry-rules");

type Contest = Awaited<ReturnType<typeof openContest>>;
let contest: Contest;
let juniors = "";
let seniors = "";
let seq = 0;

const FOUR = {
  confirmOriginal: "on",
  confirmEligible: "on",
  confirmRules: "on",
  confirmAnonymous: "on",
};
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

async function writer(grade: number | null) {
  return prisma.user.create({
    data: {
      email: `div-writer-${++seq}-${Date.now()}@example.test`,
      displayName: `Writer ${seq}`,
      dateOfBirth: new Date("2005-01-01T00:00:00Z"),
      grade,
    },
  });
}

function post(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ entryKey: newEntryKey(), ...FOUR, ...fields }))
    fd.append(k, v);
  return new Request(`http://localhost/contests/${contest.slug}/enter`, {
    method: "POST",
    body: fd,
  });
}

beforeAll(async () => {
  contest = await openContest({ entriesPerWriter: 5 });
  juniors = await saveDivision(contest.id, { name: "Grades 3-5", basis: "grade", min: 3, max: 5 });
  seniors = await saveDivision(contest.id, {
    name: "Grades 6-8",
    basis: "grade",
    min: 6,
    max: 8,
    wordMin: 10,
    wordMax: 20,
  });
});

describe("the admin's divisions", () => {
  test("kept in order; a clash of names, ranges or bases is refused with the field's message", async () => {
    expect((await contestDivisions(contest.id)).map((d) => d.name)).toEqual([
      "Grades 3-5",
      "Grades 6-8",
    ]);
    await expect(
      saveDivision(contest.id, {
        name: "Teens",
        basis: "age",
        min: 13,
        max: 16,
        ageOn: new Date(),
      }),
    ).rejects.toMatchObject({ errors: { basis: [expect.stringMatching(/school grade/)] } });
    await expect(
      saveDivision(contest.id, { name: "Middle", basis: "grade", min: 5, max: 6 }),
    ).rejects.toMatchObject({ errors: { min: [expect.stringMatching(/overlaps/)] } });
    await expect(
      saveDivision(contest.id, { name: "grades 3-5", basis: "grade", min: 9, max: 9 }),
    ).rejects.toMatchObject({ errors: { name: [expect.any(String)] } });
  });

  test("reordering, judges and a prompt of one division are written", async () => {
    const other = await openContest();
    const a = await saveDivision(other.id, { name: "A", basis: "grade", min: 0, max: 2 });
    const b = await saveDivision(other.id, { name: "B", basis: "grade", min: 3, max: 4 });
    await moveDivision(other.id, b, "up");
    expect((await contestDivisions(other.id)).map((d) => d.id)).toEqual([b, a]);
    const judge = await prisma.user.create({
      data: {
        email: `div-judge-${Date.now()}@example.test`,
        displayName: "Judge",
        roles: { create: { role: "judge" } },
      },
    });
    const notJudge = await writer(null);
    await setDivisionJudges(other.id, a, [judge.id, notJudge.id]);
    expect(await prisma.judgeDivision.findMany({ where: { divisionId: a } })).toEqual([
      { divisionId: a, judgeId: judge.id },
    ]);
    await setDivisionJudges(other.id, a, []);
    expect(await prisma.judgeDivision.count({ where: { divisionId: a } })).toBe(0);
    const prompt = await prisma.prompt.create({
      data: { contestId: other.id, title: "P", body: "Write." },
    });
    await setPromptDivision(other.id, prompt.id, b);
    expect((await prisma.prompt.findUniqueOrThrow({ where: { id: prompt.id } })).divisionId).toBe(
      b,
    );
    await expect(setPromptDivision(contest.id, prompt.id, null)).rejects.toThrow(
      /not in this contest/,
    );
  });
});

describe("placing an entry", () => {
  test("an entry is placed in the writer's division in the same write", async () => {
    const w = await writer(4);
    const outcome = await receiveEntry(post({ title: "Kite", body: words(30) }), w, contest);
    expect(outcome).toMatchObject({ ok: true, duplicate: false });
    const row = await prisma.submission.findFirstOrThrow({ where: { entrantId: w.id } });
    expect(row.divisionId).toBe(juniors);
    expect(await entryDivisionNotice(contest.id, { userId: w.id }, new Date())).toMatchObject({
      kind: "placed",
      name: "Grades 3-5",
    });
    // The receipt: the confirmation e-mail names the division.
    await sendSubmissionConfirmation(row.id);
    const mail = await prisma.emailLog.findFirstOrThrow({
      where: { to: w.email, template: "submission-confirmation" },
    });
    expect(mail.body).toContain("Your division: Grades 3-5.");
  });

  test("a writer whose grade fits none is refused and nothing is written", async () => {
    const w = await writer(10);
    const outcome = await receiveEntry(post({ title: "Storm", body: words(15) }), w, contest);
    expect(outcome).toMatchObject({
      ok: false,
      status: 403,
      formError:
        "This contest is for Grades 3-5 and Grades 6-8. Your grade doesn't fit any of them, so you can't enter this one.",
    });
    expect(await prisma.submission.count({ where: { entrantId: w.id } })).toBe(0);
  });

  test("a writer without a grade is sent to their account page", async () => {
    const w = await writer(null);
    const outcome = await receiveEntry(post({ title: "Fog", body: words(15) }), w, contest);
    expect(outcome).toMatchObject({
      ok: false,
      formError:
        "This contest puts writers in groups by school grade. Add your grade on your account page, then send your story.",
    });
    expect(await prisma.submission.count({ where: { entrantId: w.id } })).toBe(0);
    expect(await entryDivisionNotice(contest.id, { userId: w.id }, new Date())).toMatchObject({
      kind: "refused",
      fix: "account",
    });
  });

  test("the division's own word range decides, with the usual message", async () => {
    const w = await writer(7);
    // 30 words: inside the contest's 3-100, outside Grades 6-8's 10-20.
    const long = await receiveEntry(post({ title: "Long", body: words(30) }), w, contest);
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.reply?.error?.body).toEqual([wordRangeMessage(10, 20)]);
    expect(await prisma.submission.count({ where: { entrantId: w.id } })).toBe(0);
    const fits = await receiveEntry(post({ title: "Short", body: words(15) }), w, contest);
    expect(fits).toMatchObject({ ok: true });
    const row = await prisma.submission.findFirstOrThrow({ where: { entrantId: w.id } });
    expect(row.divisionId).toBe(seniors);
  });

  test("a class entry is placed by the pupil's roster grade; a joined pupil by their own", async () => {
    const teacher = await makeEducator();
    const mia = await rosterPupil(teacher.classroom.id); // grade 5
    const sent = await enterFor(teacher, mia, contest, { body: words(12) });
    expect(sent).toMatchObject({ ok: true });
    const row = await prisma.submission.findFirstOrThrow({ where: { pupilId: mia.id } });
    expect(row.divisionId).toBe(juniors);

    const { classContestRoster } = await import("~/features/classrooms/class-entries.server");
    const roster = await classContestRoster(teacher.classroom.id, contest);
    expect(roster.find((p) => p.id === mia.id)?.division).toBe("Grades 3-5");

    const leo = await linkedPupil(teacher.classroom.id);
    const before = await classContestRoster(teacher.classroom.id, contest);
    expect(before.find((p) => p.id === leo.pupil.id)?.division).toMatchObject({
      problem: expect.stringMatching(/groups by school grade/),
    });
    const refused = await enterFor(teacher, leo.pupil, contest, { body: words(12) });
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok) expect(refused.formError).toMatch(/groups by school grade/);
    await prisma.user.update({ where: { id: leo.user.id }, data: { grade: 6 } });
    const placed = await enterFor(teacher, leo.pupil, contest, { body: words(12) });
    expect(placed).toMatchObject({ ok: true });
    const leoRow = await prisma.submission.findFirstOrThrow({ where: { pupilId: leo.pupil.id } });
    expect(leoRow.divisionId).toBe(seniors);
  });

  test("a contest without divisions places nobody and refuses nobody", async () => {
    const plain = await openContest();
    const w = await writer(null);
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      entryKey: newEntryKey(),
      ...FOUR,
      title: "Plain",
      body: words(5),
    }))
      fd.append(k, v);
    const outcome = await receiveEntry(
      new Request(`http://localhost/contests/${plain.slug}/enter`, { method: "POST", body: fd }),
      w,
      plain,
    );
    expect(outcome).toMatchObject({ ok: true });
    const row = await prisma.submission.findFirstOrThrow({ where: { entrantId: w.id } });
    expect(row.divisionId).toBeNull();
  });
});

describe("after entries exist", () => {
  test("editing a division does not move its entries; deleting one with entries is refused", async () => {
    await saveDivision(contest.id, { name: "Grades 3-4", basis: "grade", min: 3, max: 4 }, juniors);
    expect(
      await prisma.submission.count({ where: { contestId: contest.id, divisionId: juniors } }),
    ).toBeGreaterThan(0);
    await expect(deleteDivision(contest.id, juniors)).rejects.toThrow(/can't be deleted/);
    await saveDivision(contest.id, { name: "Grades 3-5", basis: "grade", min: 3, max: 5 }, juniors);
  });

  test("the admin's move writes the entry, its history and a new ranking version", async () => {
    const admin = await prisma.user.create({
      data: { email: `div-admin-${Date.now()}@example.test`, displayName: "Ada Admin" },
    });
    const entry = await prisma.submission.findFirstOrThrow({
      where: { contestId: contest.id, divisionId: juniors },
    });
    const before = await prisma.rankingVersion.findUnique({ where: { contestId: contest.id } });
    const moved = await moveToDivision({
      submissionId: entry.id,
      toDivisionId: seniors,
      note: "Skipped a grade this year",
      movedById: admin.id,
    });
    expect(moved).toBe("Grades 6-8");
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: entry.id } })).divisionId,
    ).toBe(seniors);
    const history = await divisionMoves(entry.id);
    expect(history).toMatchObject([
      {
        fromName: "Grades 3-5",
        toName: "Grades 6-8",
        note: "Skipped a grade this year",
        movedBy: "Ada Admin",
      },
    ]);
    const after = await prisma.rankingVersion.findUniqueOrThrow({
      where: { contestId: contest.id },
    });
    expect(after.version).toBeGreaterThan(before?.version ?? 0);
    await expect(
      moveToDivision({
        submissionId: entry.id,
        toDivisionId: seniors,
        note: "again",
        movedById: admin.id,
      }),
    ).rejects.toThrow(/already in/);
  });

  test("the list and the CSV name the division and honour its filter", async () => {
    const at = CSV_COLUMNS.indexOf("Division");
    expect(at).toBeGreaterThan(0);
    const all: (string | number)[][] = [];
    for await (const r of adminSubmissionRowsForCsv({ contestId: contest.id })) all.push(r);
    expect(new Set(all.map((r) => r[at]))).toEqual(new Set(["Grades 3-5", "Grades 6-8"]));
    const seniorsOnly: (string | number)[][] = [];
    for await (const r of adminSubmissionRowsForCsv({ contestId: contest.id, divisionId: seniors }))
      seniorsOnly.push(r);
    expect(seniorsOnly.length).toBeGreaterThan(0);
    expect(seniorsOnly.every((r) => r[at] === "Grades 6-8")).toBe(true);
    const page = await listAdminSubmissions({ contestId: contest.id, divisionId: juniors });
    expect(page.submissions.every((s) => s.division?.id === juniors)).toBe(true);
  });

  test("the data export has the profile's grade", async () => {
    const w = await writer(0);
    expect((await exportUserData(w.id)).profile).toMatchObject({ grade: 0 });
  });
});
