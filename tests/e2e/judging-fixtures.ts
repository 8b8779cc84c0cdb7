import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { E2E_PORT, ENTRANT, JUDGE } from "./utils";

/**
 * Test data for the judging specs, written straight into the e2e database (the admin screens for
 * contests and entries belong to other issues). Every fixture is new — unique slug, users and
 * entries — so parallel tests and other specs never see each other's rows.
 */
const DAY = 86_400_000;
/** createdAt of fixture contests: before anything the seed or other specs create. */
const LONG_AGO = Date.UTC(2001, 0, 1);
const dir = path.resolve(`tests/.data/e2e-${E2E_PORT}`);
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const uid = (prefix: string) => `${prefix}${randomBytes(10).toString("hex")}`;

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

function writable() {
  const db = new Database(path.join(dir, "e2e.db"), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * An anonymous contest in its judging window with two text entries and one file entry. It is
 * unpublished and dated as created long ago, so the many fixtures never push the seeded contests
 * off the first page of the public and admin contest lists that other specs read (judging does
 * not depend on either).
 */
export function createJudgingContest(
  label: string,
  opts: { judging?: "open" | "closed" } = {},
): Fixture {
  const db = writable();
  try {
    const now = Date.now();
    const tag = randomBytes(4).toString("hex");
    const slug = `e2e-judging-${label}-${tag}`;
    const title = `Judging ${label} ${tag}`;
    const contestId = uid("c");
    const open = opts.judging !== "closed";
    db.prepare(
      `INSERT INTO Contest (id, slug, title, description, anonymous, isPublished, wordMin, wordMax, timeZone,
        submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, 1, 0, 1, 5000, 'America/New_York', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      contestId,
      slug,
      title,
      "A contest created by the judging end-to-end tests.",
      iso(now - 30 * DAY),
      iso(now - 20 * DAY),
      iso(now - (open ? 2 : 19) * DAY),
      iso(now + (open ? 3 : -10) * DAY),
      iso(now + 9 * DAY),
      iso(LONG_AGO + (now % DAY)),
      iso(now),
    );
    db.prepare(
      `INSERT INTO Rubric (id, contestId, name, criteria, createdAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(uid("r"), contestId, "E2E rubric", JSON.stringify(CRITERIA), iso(now));
    const entrants = [0, 1, 2].map((i) => ({
      id: uid("u"),
      email: `zed-secret-${tag}-${i}@example.test`,
      displayName: `Zedediah Quillfeather ${tag} ${i}`,
    }));
    const insertUser = db.prepare(
      `INSERT INTO User (id, email, displayName, dateOfBirth, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const e of entrants)
      insertUser.run(e.id, e.email, e.displayName, iso(Date.UTC(2010, 1, 1)), iso(now), iso(now));

    const entries: Fixture["entries"] = [];
    const insertSub = db.prepare(
      `INSERT INTO Submission (id, contestId, entrantId, title, body, filePath, fileName, fileType, fileSize, wordCount, status, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'submitted', ?, ?)`,
    );
    for (const [i, e] of entrants.slice(0, 2).entries()) {
      const id = uid("s");
      const entryTitle = `${["Lanterns", "Tides"][i]} ${tag}`;
      const body = `A story about ${["lanterns", "tides"][i]} and the people who wait for them. `
        .repeat(8)
        .trim();
      insertSub.run(
        id,
        contestId,
        e.id,
        entryTitle,
        body,
        null,
        null,
        null,
        null,
        body.split(/\s+/).length,
        iso(now + i),
        iso(now + i),
      );
      entries.push({ id, title: entryTitle, entrantId: e.id });
    }
    // A file-only entry, stored as the storage module does: {userId}/{contestId}/{timestamp}.{ext}
    const fileEntrant = entrants[2];
    const key = `${fileEntrant.id}/${contestId}/${now}.txt`;
    const file = path.join(dir, "uploads", key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      "The river remembers every boat. This is the whole story, told in a text file.\n",
    );
    const fileEntryId = uid("s");
    const fileName = `${fileEntrant.displayName} final draft.txt`;
    insertSub.run(
      fileEntryId,
      contestId,
      fileEntrant.id,
      `River ${tag}`,
      null,
      key,
      fileName,
      "text/plain",
      fs.statSync(file).size,
      0,
      iso(now + 2),
      iso(now + 2),
    );
    entries.push({ id: fileEntryId, title: `River ${tag}`, entrantId: fileEntrant.id, fileName });
    return { contestId, slug, title, entrants, entries };
  } finally {
    db.close();
  }
}

/** Assigns entries to the judge with this e-mail. */
export function assign(fixture: Fixture, judgeEmail: string, entryIds: string[]) {
  const db = writable();
  try {
    const judge = db.prepare(`SELECT id FROM User WHERE email = ?`).get(judgeEmail) as {
      id: string;
    };
    const insert = db.prepare(
      `INSERT INTO JudgeAssignment (id, contestId, judgeId, submissionId, createdAt) VALUES (?, ?, ?, ?, ?)`,
    );
    for (const id of entryIds)
      insert.run(uid("a"), fixture.contestId, judge.id, id, iso(Date.now()));
  } finally {
    db.close();
  }
}

/** Deletes an entry's stored file, as if storage had lost it. */
export function removeStoredFile(fixture: Fixture, entryId: string) {
  const db = writable();
  try {
    const row = db
      .prepare(`SELECT filePath FROM Submission WHERE id = ? AND contestId = ?`)
      .get(entryId, fixture.contestId) as {
      filePath: string;
    };
    fs.rmSync(path.join(dir, "uploads", row.filePath));
  } finally {
    db.close();
  }
}

/**
 * A new judge account with the demo password (its hash copied from the demo judge), so a test
 * has a queue holding only its own fixture's entries.
 */
export function createJudge(label: string) {
  const db = writable();
  try {
    const id = uid("u");
    const email = `judge-${label}-${randomBytes(4).toString("hex")}@example.test`;
    const now = iso(Date.now());
    db.prepare(
      `INSERT INTO User (id, email, displayName, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(id, email, `Judge ${label}`, now, now);
    db.prepare(`INSERT INTO UserRole (userId, role, createdAt) VALUES (?, 'judge', ?)`).run(
      id,
      now,
    );
    db.prepare(
      `INSERT INTO Password (hash, userId)
       SELECT p.hash, ? FROM Password p JOIN User u ON u.id = p.userId WHERE u.email = 'judge@inkwell.test'`,
    ).run(id);
    return { id, email };
  } finally {
    db.close();
  }
}

/** A submitted score written straight into the database (the judge with this e-mail, one entry). */
export function submitScoreDirect(
  fixture: Fixture,
  judgeEmail: string,
  entryId: string,
  total: number,
  scores: Record<string, number> = {},
) {
  const db = writable();
  try {
    const judge = db.prepare(`SELECT id FROM User WHERE email = ?`).get(judgeEmail) as {
      id: string;
    };
    let a = db
      .prepare(`SELECT id FROM JudgeAssignment WHERE judgeId = ? AND submissionId = ?`)
      .get(judge.id, entryId) as { id: string } | undefined;
    if (!a) {
      a = { id: uid("a") };
      db.prepare(
        `INSERT INTO JudgeAssignment (id, contestId, judgeId, submissionId, createdAt) VALUES (?, ?, ?, ?, ?)`,
      ).run(a.id, fixture.contestId, judge.id, entryId, iso(Date.now()));
    }
    const rubric = db
      .prepare(`SELECT id FROM Rubric WHERE contestId = ?`)
      .get(fixture.contestId) as {
      id: string;
    };
    const now = iso(Date.now());
    db.prepare(
      `INSERT INTO Score (id, assignmentId, rubricId, judgeId, submissionId, scores, comment, total, submittedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
    ).run(
      uid("sc"),
      a.id,
      rubric.id,
      judge.id,
      entryId,
      JSON.stringify(scores),
      total,
      now,
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/**
 * Seats the judges with these e-mails on the fixture contest's panel, accepted, in this order
 * (docs/decisions/0033-judging-panel.md): auto-assign on this contest then draws only on them,
 * never on judges that parallel tests create. `capacity`: most entries per judge, by e-mail.
 */
export function seatPanel(
  fixture: Pick<Fixture, "contestId">,
  judgeEmails: string[],
  opts: { capacity?: Record<string, number> } = {},
) {
  const db = writable();
  try {
    const insert = db.prepare(
      `INSERT INTO PanelMember (id, contestId, judgeId, status, capacity, invitedAt, respondedAt, createdAt)
       SELECT ?, ?, id, 'accepted', ?, ?, ?, ? FROM User WHERE email = ?
       ON CONFLICT ("contestId", "judgeId") DO UPDATE SET status = 'accepted', capacity = excluded.capacity`,
    );
    const now = Date.now();
    judgeEmails.forEach((email, i) =>
      insert.run(
        uid("pm"),
        fixture.contestId,
        opts.capacity?.[email] ?? null,
        iso(now),
        iso(now + i),
        iso(now),
        email,
      ),
    );
  } finally {
    db.close();
  }
}

/**
 * A class entry in the fixture's contest: a new school, its educator, a class and a roster pupil,
 * and a submitted text entry the educator sent for the pupil. Returns the entry and the school.
 */
export function addSchoolEntry(fixture: Fixture) {
  const db = writable();
  try {
    const now = iso(Date.now());
    const tag = randomBytes(4).toString("hex");
    const school = { id: uid("sch"), name: `Hollow Oak Primary ${tag}` };
    db.prepare(
      `INSERT INTO School (id, name, city, country, createdAt) VALUES (?, ?, 'Springfield', 'US', ?)`,
    ).run(school.id, school.name, now);
    const educatorId = uid("u");
    db.prepare(
      `INSERT INTO User (id, email, displayName, dateOfBirth, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      educatorId,
      `teacher-${tag}@example.test`,
      `Teacher ${tag}`,
      iso(Date.UTC(1980, 0, 1)),
      now,
      now,
    );
    db.prepare(
      `INSERT INTO Educator (userId, schoolId, role, status, createdAt, updatedAt) VALUES (?, ?, 'Teacher', 'approved', ?, ?)`,
    ).run(educatorId, school.id, now, now);
    const classroomId = uid("cl");
    db.prepare(
      `INSERT INTO Classroom (id, educatorId, name, band, size, joinCode, createdAt) VALUES (?, ?, 'Room 5', 'Grade 5', 30, ?, ?)`,
    ).run(classroomId, educatorId, `E2E-${tag}`.toUpperCase(), now);
    const pupilId = uid("p");
    db.prepare(
      `INSERT INTO Pupil (id, classroomId, firstName, lastInitial, grade, createdAt) VALUES (?, ?, 'Mia', 'R', 5, ?)`,
    ).run(pupilId, classroomId, now);
    const id = uid("s");
    const title = `Acorns ${tag}`;
    const body = "A story about acorns and the squirrels who forget them. ".repeat(6).trim();
    db.prepare(
      `INSERT INTO Submission (id, contestId, entrantId, pupilId, title, body, wordCount, status, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'submitted', ?, ?)`,
    ).run(
      id,
      fixture.contestId,
      educatorId,
      pupilId,
      title,
      body,
      body.split(/\s+/).length,
      now,
      now,
    );
    const entry = { id, title, entrantId: educatorId };
    fixture.entries.push(entry);
    return { entry, school };
  } finally {
    db.close();
  }
}

/** The judge's own declaration of a school they work at or with (for every contest), by name. */
export function declareSchool(judgeEmail: string, schoolName: string) {
  const db = writable();
  try {
    db.prepare(
      `INSERT INTO Conflict (id, judgeId, contestId, kind, schoolName, source, createdAt)
       SELECT ?, id, NULL, 'school', ?, 'judge', ? FROM User WHERE email = ?`,
    ).run(uid("cf"), schoolName, iso(Date.now()), judgeEmail);
  } finally {
    db.close();
  }
}

/**
 * Adds a submitted file-only entry to the fixture's contest, written by the user with this id (a
 * fixture entrant) or e-mail, stored as the storage module stores files.
 */
export function addFileEntry(
  fixture: Fixture,
  author: { id: string } | { email: string },
  file: { ext: "pdf" | "docx" | "doc" | "txt"; bytes: Buffer; fileName: string; type: string },
) {
  const db = writable();
  try {
    const entrantId =
      "id" in author
        ? author.id
        : (db.prepare(`SELECT id FROM User WHERE email = ?`).get(author.email) as { id: string })
            .id;
    const now = Date.now();
    const key = `${entrantId}/${fixture.contestId}/${now}${randomBytes(2).readUInt16LE(0)}.${file.ext}`;
    const stored = path.join(dir, "uploads", key);
    fs.mkdirSync(path.dirname(stored), { recursive: true });
    fs.writeFileSync(stored, file.bytes);
    const id = uid("s");
    const title = `${file.ext.toUpperCase()} entry ${randomBytes(3).toString("hex")}`;
    db.prepare(
      `INSERT INTO Submission (id, contestId, entrantId, title, body, filePath, fileName, fileType, fileSize, wordCount, status, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, 0, 'submitted', ?, ?)`,
    ).run(
      id,
      fixture.contestId,
      entrantId,
      title,
      key,
      file.fileName,
      file.type,
      file.bytes.length,
      iso(now),
      iso(now),
    );
    const entry = { id, title, entrantId, fileName: file.fileName };
    fixture.entries.push(entry);
    return { ...entry, filePath: key };
  } finally {
    db.close();
  }
}

/**
 * The fixture contest the authorization table's hardening rows use (tests/authz/hardening.ts):
 * entries of the demo entrant and of another writer, assigned to the demo judge and another.
 */
export function createAuthzFixture() {
  const fixture = createJudgingContest("authz");
  const [, , txtEntry] = fixture.entries;
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  const others = addFileEntry(
    fixture,
    { id: fixture.entrants[1].id },
    {
      ext: "pdf",
      bytes: pdf,
      fileName: "theirs.pdf",
      type: "application/pdf",
    },
  );
  addFileEntry(
    fixture,
    { email: ENTRANT },
    {
      ext: "txt",
      bytes: Buffer.from("The demo entrant's own story.\n"),
      fileName: "mine.txt",
      type: "text/plain; charset=utf-8",
    },
  );
  assign(fixture, JUDGE, [txtEntry.id]);
  assign(fixture, "judge2@inkwell.test", [others.id]);
}
