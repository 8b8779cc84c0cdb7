import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { e2ePrisma } from "./db";
import { E2E_PORT, ENTRANT, JUDGE } from "./utils";

/**
 * Test data for the judging specs, written into the e2e database through the app's typed Prisma
 * client (the admin screens for contests and entries belong to other issues). Every fixture is
 * new — unique slug, users and entries — so parallel tests and other specs never see each other's
 * rows.
 */
const DAY = 86_400_000;
/** createdAt of fixture contests: before anything the seed or other specs create. */
const LONG_AGO = Date.UTC(2001, 0, 1);
const dir = path.resolve(`tests/.data/e2e-${E2E_PORT}`);

export const CRITERIA = [
  { key: "voice", label: "Voice and style", maxPoints: 10, weight: 0.5, requireComment: false },
  {
    key: "mechanics",
    label: "Grammar and mechanics",
    maxPoints: 10,
    weight: 0.5,
    requireComment: true,
  },
];

export type Fixture = {
  contestId: string;
  slug: string;
  title: string;
  entrants: { id: string; email: string; displayName: string }[];
  entries: { id: string; title: string; entrantId: string; fileName?: string }[];
};

/** The id of the user with this e-mail (the demo accounts, or one a fixture made). */
async function userId(email: string) {
  const user = await e2ePrisma().user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return user.id;
}

/**
 * An anonymous contest in its judging window with two text entries and one file entry. It is
 * unpublished and dated as created long ago, so the many fixtures never push the seeded contests
 * off the first page of the public and admin contest lists that other specs read (judging does
 * not depend on either).
 */
export async function createJudgingContest(
  label: string,
  opts: { judging?: "open" | "closed" } = {},
): Promise<Fixture> {
  const db = e2ePrisma();
  const now = Date.now();
  const tag = randomBytes(4).toString("hex");
  const slug = `e2e-judging-${label}-${tag}`;
  const title = `Judging ${label} ${tag}`;
  const open = opts.judging !== "closed";
  const entrants = [0, 1, 2].map((i) => ({
    email: `zed-secret-${tag}-${i}@example.test`,
    displayName: `Zedediah Quillfeather ${tag} ${i}`,
  }));
  const contest = await db.contest.create({
    data: {
      slug,
      title,
      description: "A contest created by the judging end-to-end tests.",
      anonymous: true,
      isPublished: false,
      wordMin: 1,
      wordMax: 5000,
      timeZone: "America/New_York",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - (open ? 2 : 19) * DAY),
      judgingClose: new Date(now + (open ? 3 : -10) * DAY),
      resultsAt: new Date(now + 9 * DAY),
      createdAt: new Date(LONG_AGO + (now % DAY)),
      rubrics: {
        create: {
          name: "E2E rubric",
          criteria: JSON.stringify(CRITERIA),
          createdAt: new Date(now),
        },
      },
    },
    select: { id: true },
  });
  const contestId = contest.id;
  const users = await db.$transaction(
    entrants.map((e) =>
      db.user.create({
        data: { ...e, dateOfBirth: new Date(Date.UTC(2010, 1, 1)) },
        select: { id: true, email: true, displayName: true },
      }),
    ),
  );

  const entries: Fixture["entries"] = [];
  for (const [i, e] of users.slice(0, 2).entries()) {
    const entryTitle = `${["Lanterns", "Tides"][i]} ${tag}`;
    const body = `A story about ${["lanterns", "tides"][i]} and the people who wait for them. `
      .repeat(8)
      .trim();
    const { id } = await db.submission.create({
      data: {
        contestId,
        entrantId: e.id,
        title: entryTitle,
        body,
        wordCount: body.split(/\s+/).length,
        status: "submitted",
        createdAt: new Date(now + i),
      },
      select: { id: true },
    });
    entries.push({ id, title: entryTitle, entrantId: e.id });
  }
  // A file-only entry, stored as the storage module does: {userId}/{contestId}/{timestamp}.{ext}
  const fileEntrant = users[2]!;
  const key = `${fileEntrant.id}/${contestId}/${now}.txt`;
  const file = path.join(dir, "uploads", key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    "The river remembers every boat. This is the whole story, told in a text file.\n",
  );
  const fileName = `${fileEntrant.displayName} final draft.txt`;
  const fileEntry = await db.submission.create({
    data: {
      contestId,
      entrantId: fileEntrant.id,
      title: `River ${tag}`,
      filePath: key,
      fileName,
      fileType: "text/plain",
      fileSize: fs.statSync(file).size,
      wordCount: 0,
      status: "submitted",
      createdAt: new Date(now + 2),
    },
    select: { id: true },
  });
  entries.push({ id: fileEntry.id, title: `River ${tag}`, entrantId: fileEntrant.id, fileName });
  return { contestId, slug, title, entrants: users, entries };
}

/** Assigns entries to the judge with this e-mail. */
export async function assign(
  fixture: Pick<Fixture, "contestId">,
  judgeEmail: string,
  entryIds: string[],
) {
  const judgeId = await userId(judgeEmail);
  await e2ePrisma().judgeAssignment.createMany({
    data: entryIds.map((submissionId) => ({
      contestId: fixture.contestId,
      judgeId,
      submissionId,
      createdAt: new Date(),
    })),
  });
}

/** Deletes an entry's stored file, as if storage had lost it. */
export async function removeStoredFile(fixture: Pick<Fixture, "contestId">, entryId: string) {
  const row = await e2ePrisma().submission.findFirstOrThrow({
    where: { id: entryId, contestId: fixture.contestId },
    select: { filePath: true },
  });
  fs.rmSync(path.join(dir, "uploads", row.filePath!));
}

/**
 * A new judge account with the demo password (its hash copied from the demo judge), so a test
 * has a queue holding only its own fixture's entries.
 */
export async function createJudge(label: string) {
  const db = e2ePrisma();
  const email = `judge-${label}-${randomBytes(4).toString("hex")}@example.test`;
  const demo = await db.password.findFirst({
    where: { user: { email: JUDGE } },
    select: { hash: true },
  });
  const { id } = await db.user.create({
    data: {
      email,
      displayName: `Judge ${label}`,
      roles: { create: { role: "judge" } },
      ...(demo ? { password: { create: { hash: demo.hash } } } : {}),
    },
    select: { id: true },
  });
  return { id, email };
}

/** A submitted score written straight into the database (the judge with this e-mail, one entry). */
export async function submitScoreDirect(
  fixture: Pick<Fixture, "contestId">,
  judgeEmail: string,
  entryId: string,
  total: number,
  scores: Record<string, number> = {},
) {
  const db = e2ePrisma();
  const judgeId = await userId(judgeEmail);
  const assignment =
    (await db.judgeAssignment.findFirst({
      where: { judgeId, submissionId: entryId },
      select: { id: true },
    })) ??
    (await db.judgeAssignment.create({
      data: { contestId: fixture.contestId, judgeId, submissionId: entryId },
      select: { id: true },
    }));
  const rubric = await db.rubric.findFirstOrThrow({
    where: { contestId: fixture.contestId },
    select: { id: true },
  });
  await db.score.create({
    data: {
      assignmentId: assignment.id,
      rubricId: rubric.id,
      judgeId,
      submissionId: entryId,
      scores: JSON.stringify(scores),
      comment: null,
      total,
      submittedAt: new Date(),
    },
  });
}

/**
 * Seats the judges with these e-mails on the fixture contest's panel, accepted, in this order
 * (docs/decisions/0033-judging-panel.md): auto-assign on this contest then draws only on them,
 * never on judges that parallel tests create. `capacity`: most entries per judge, by e-mail.
 */
export async function seatPanel(
  fixture: Pick<Fixture, "contestId">,
  judgeEmails: string[],
  opts: { capacity?: Record<string, number> } = {},
) {
  const db = e2ePrisma();
  const now = Date.now();
  for (const [i, email] of judgeEmails.entries()) {
    const judgeId = await userId(email);
    const capacity = opts.capacity?.[email] ?? null;
    await db.panelMember.upsert({
      where: { contestId_judgeId: { contestId: fixture.contestId, judgeId } },
      create: {
        contestId: fixture.contestId,
        judgeId,
        status: "accepted",
        capacity,
        invitedAt: new Date(now),
        respondedAt: new Date(now + i),
        createdAt: new Date(now),
      },
      update: { status: "accepted", capacity },
    });
  }
}

/**
 * A class entry in the fixture's contest: a new school, its educator, a class and a roster pupil,
 * and a submitted text entry the educator sent for the pupil. Returns the entry and the school.
 */
export async function addSchoolEntry(fixture: Fixture) {
  const db = e2ePrisma();
  const tag = randomBytes(4).toString("hex");
  const school = await db.school.create({
    data: { name: `Hollow Oak Primary ${tag}`, city: "Springfield", country: "US" },
    select: { id: true, name: true },
  });
  const educator = await db.user.create({
    data: {
      email: `teacher-${tag}@example.test`,
      displayName: `Teacher ${tag}`,
      dateOfBirth: new Date(Date.UTC(1980, 0, 1)),
      educator: {
        create: {
          schoolId: school.id,
          role: "Teacher",
          status: "approved",
          classes: {
            create: {
              name: "Room 5",
              band: "Grade 5",
              size: 30,
              joinCode: `E2E-${tag}`.toUpperCase(),
              pupils: { create: { firstName: "Mia", lastInitial: "R", grade: 5 } },
            },
          },
        },
      },
    },
    select: {
      id: true,
      educator: { select: { classes: { select: { pupils: { select: { id: true } } } } } },
    },
  });
  const pupilId = educator.educator!.classes[0]!.pupils[0]!.id;
  const title = `Acorns ${tag}`;
  const body = "A story about acorns and the squirrels who forget them. ".repeat(6).trim();
  const { id } = await db.submission.create({
    data: {
      contestId: fixture.contestId,
      entrantId: educator.id,
      pupilId,
      title,
      body,
      wordCount: body.split(/\s+/).length,
      status: "submitted",
    },
    select: { id: true },
  });
  const entry = { id, title, entrantId: educator.id };
  fixture.entries.push(entry);
  return { entry, school };
}

/** The judge's own declaration of a school they work at or with (for every contest), by name. */
export async function declareSchool(judgeEmail: string, schoolName: string) {
  await e2ePrisma().conflict.create({
    data: {
      judgeId: await userId(judgeEmail),
      contestId: null,
      kind: "school",
      schoolName,
      source: "judge",
    },
  });
}

/**
 * Adds a submitted file-only entry to the fixture's contest, written by the user with this id (a
 * fixture entrant) or e-mail, stored as the storage module stores files.
 */
export async function addFileEntry(
  fixture: Fixture,
  author: { id: string } | { email: string },
  file: { ext: "pdf" | "docx" | "doc" | "txt"; bytes: Buffer; fileName: string; type: string },
) {
  const entrantId = "id" in author ? author.id : await userId(author.email);
  const now = Date.now();
  const key = `${entrantId}/${fixture.contestId}/${now}${randomBytes(2).readUInt16LE(0)}.${file.ext}`;
  const stored = path.join(dir, "uploads", key);
  fs.mkdirSync(path.dirname(stored), { recursive: true });
  fs.writeFileSync(stored, file.bytes);
  const title = `${file.ext.toUpperCase()} entry ${randomBytes(3).toString("hex")}`;
  const { id } = await e2ePrisma().submission.create({
    data: {
      contestId: fixture.contestId,
      entrantId,
      title,
      body: null,
      filePath: key,
      fileName: file.fileName,
      fileType: file.type,
      fileSize: file.bytes.length,
      wordCount: 0,
      status: "submitted",
      createdAt: new Date(now),
    },
    select: { id: true },
  });
  const entry = { id, title, entrantId, fileName: file.fileName };
  fixture.entries.push(entry);
  return { ...entry, filePath: key };
}

/**
 * The fixture contest the authorization table's hardening rows use (tests/authz/hardening.ts):
 * entries of the demo entrant and of another writer, assigned to the demo judge and another.
 */
export async function createAuthzFixture() {
  const fixture = await createJudgingContest("authz");
  const [, , txtEntry] = fixture.entries;
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  const others = await addFileEntry(
    fixture,
    { id: fixture.entrants[1].id },
    {
      ext: "pdf",
      bytes: pdf,
      fileName: "theirs.pdf",
      type: "application/pdf",
    },
  );
  await addFileEntry(
    fixture,
    { email: ENTRANT },
    {
      ext: "txt",
      bytes: Buffer.from("The demo entrant's own story.\n"),
      fileName: "mine.txt",
      type: "text/plain; charset=utf-8",
    },
  );
  await assign(fixture, JUDGE, [txtEntry.id]);
  await assign(fixture, "judge2@inkwell.test", [others.id]);
}
