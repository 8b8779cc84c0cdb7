import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { CRITERIA } from "./judging-fixtures";
import { E2E_PORT } from "./utils";

/**
 * Test data for the reading desk spec (docs/decisions/0034-reading-desk.md). The contest is
 * published only while its entrant sends the PDF through the entry form (the app's own path:
 * the document is read at upload), then unpublished; it is dated as created long ago and opened
 * in 2001, so it never shows on another spec's first page of contests.
 */
const DAY = 86_400_000;
const LONG_AGO = Date.UTC(2001, 0, 1);
const dir = path.resolve(`tests/.data/e2e-${E2E_PORT}`);
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const uid = (prefix: string) => `${prefix}${randomBytes(10).toString("hex")}`;

function writable() {
  const db = new Database(path.join(dir, "e2e.db"), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export type ReadingContest = { id: string; slug: string; title: string; prompt: string };

/**
 * A free, anonymous contest open for entries and for judging at once (1-5,000 words), with a
 * rubric whose criteria say what they are for, a prompt and rules.
 */
export function createReadingContest(label: string): ReadingContest {
  const db = writable();
  try {
    const now = Date.now();
    const tag = randomBytes(4).toString("hex");
    const id = uid("c");
    const slug = `e2e-reading-${label}-${tag}`;
    const title = `Reading desk ${label} ${tag}`;
    db.prepare(
      `INSERT INTO Contest (id, slug, title, description, rules, anonymous, isPublished, wordMin, wordMax,
        timeZone, submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, 1, 1, 1, 5000, 'America/New_York', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      slug,
      title,
      "A contest created by the reading desk end-to-end test.",
      "Stories must be the writer's own work.",
      iso(LONG_AGO),
      iso(now + 2 * DAY),
      iso(now - DAY),
      iso(now + 3 * DAY),
      iso(now + 9 * DAY),
      iso(LONG_AGO + (now % DAY)),
      iso(now),
    );
    const criteria = CRITERIA.map((c) => ({
      ...c,
      description: `How well the story does ${c.label.toLowerCase()}.`,
    }));
    db.prepare(
      `INSERT INTO Rubric (id, contestId, name, criteria, createdAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(uid("r"), id, "Reading rubric", JSON.stringify(criteria), iso(now));
    const prompt = `Write about a light that waits ${tag}`;
    db.prepare(
      `INSERT INTO Prompt (id, contestId, title, body, createdAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(uid("p"), id, prompt, "A lighthouse, a lamp, a window: someone waits for it.", iso(now));
    return { id, slug, title, prompt };
  } finally {
    db.close();
  }
}

/** Unpublishes the contest once its entry is in (judges read it all the same). */
export function unpublish(contest: ReadingContest) {
  const db = writable();
  try {
    db.prepare(`UPDATE Contest SET isPublished = 0 WHERE id = ?`).run(contest.id);
  } finally {
    db.close();
  }
}

/** The entry this writer sent to the contest. */
export function entryOf(contest: ReadingContest, email: string) {
  const db = writable();
  try {
    return db
      .prepare(
        `SELECT s.id AS id, s.filePath AS filePath, s.wordCount AS wordCount FROM Submission s
         JOIN User u ON u.id = s.entrantId WHERE u.email = ? AND s.contestId = ?`,
      )
      .get(email, contest.id) as { id: string; filePath: string | null; wordCount: number };
  } finally {
    db.close();
  }
}

/** A typed entry of its own writer, straight into the database (for the reading position). */
export function typedEntry(contest: ReadingContest, paragraphs: string[]) {
  const db = writable();
  try {
    const now = Date.now();
    const writer = uid("u");
    db.prepare(
      `INSERT INTO User (id, email, displayName, dateOfBirth, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      writer,
      `${writer}@example.test`,
      "Typed Writer",
      iso(Date.UTC(2000, 1, 1)),
      iso(now),
      iso(now),
    );
    const id = uid("s");
    const body = paragraphs.join("\n\n");
    db.prepare(
      `INSERT INTO Submission (id, contestId, entrantId, title, body, wordCount, status, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?, ?)`,
    ).run(
      id,
      contest.id,
      writer,
      "A long typed story",
      body,
      body.split(/\s+/).length,
      iso(now),
      iso(now),
    );
    return id;
  } finally {
    db.close();
  }
}

/** Assigns the entries to the judge with this e-mail. */
export function assignTo(contest: ReadingContest, judgeEmail: string, entryIds: string[]) {
  const db = writable();
  try {
    const judge = db.prepare(`SELECT id FROM User WHERE email = ?`).get(judgeEmail) as {
      id: string;
    };
    const insert = db.prepare(
      `INSERT INTO JudgeAssignment (id, contestId, judgeId, submissionId, createdAt) VALUES (?, ?, ?, ?, ?)`,
    );
    for (const id of entryIds) insert.run(uid("a"), contest.id, judge.id, id, iso(Date.now()));
  } finally {
    db.close();
  }
}
