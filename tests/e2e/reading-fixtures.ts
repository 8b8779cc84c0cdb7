import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { docxFromText } from "../../prisma/document-builders";
import { CRITERIA } from "./judging-fixtures";
import { E2E_PORT } from "./utils";

/**
 * For tests/e2e/reading-anonymity.spec.ts (docs/decisions/0034-reading-desk.md): DOCX stories of a
 * chosen length, and the move of an uploaded entry into a contest in its judging window (an
 * unpublished one made for the test, dated long ago so no list of other specs shows it), with a
 * judge assigned, as the close of submissions and auto-assign would leave it.
 */
const DAY = 86_400_000;
const LONG_AGO = Date.UTC(2001, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const uid = (prefix: string) => `${prefix}${randomBytes(10).toString("hex")}`;

const WORDS =
  "the kite pulled at its string above the harbour wall while gulls argued over a crust of bread and the tide came in slow and grey".split(
    " ",
  );

/** `count` words of story in paragraphs of about forty, with `opening` as its first paragraph. */
export function storyText(count: number, opening?: string) {
  const out: string[] = [];
  const openingWords = opening ? opening.split(/\s+/).length : 0;
  let paragraph: string[] = [];
  for (let i = 0; i < count - openingWords; i++) {
    paragraph.push(WORDS[i % WORDS.length]!);
    if (paragraph.length === 40) {
      out.push(`${paragraph.join(" ")}.`);
      paragraph = [];
    }
  }
  if (paragraph.length) out.push(`${paragraph.join(" ")}.`);
  return [...(opening ? [opening] : []), ...out].join("\n\n");
}

/** A DOCX whose body is `text` (no title paragraph: every word is the story's). */
export function storyDocx(text: string) {
  return Buffer.from(docxFromText("", text));
}

export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Moves the entry into a new contest in its judging window and assigns it to the judge. */
export function judgeEntry(submissionId: string, judgeEmail: string) {
  const db = new Database(path.resolve(`tests/.data/e2e-${E2E_PORT}/e2e.db`), {
    fileMustExist: true,
  });
  db.pragma("busy_timeout = 5000");
  try {
    const now = Date.now();
    const tag = randomBytes(4).toString("hex");
    const contestId = uid("c");
    db.prepare(
      `INSERT INTO Contest (id, slug, title, description, anonymous, isPublished, wordMin, wordMax, timeZone,
        submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, 1, 0, 100, 1000, 'America/New_York', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      contestId,
      `e2e-reading-${tag}`,
      `Reading desk ${tag}`,
      "A contest created by the reading-desk end-to-end test.",
      iso(now - 30 * DAY),
      iso(now - 20 * DAY),
      iso(now - 2 * DAY),
      iso(now + 3 * DAY),
      iso(now + 9 * DAY),
      iso(LONG_AGO + (now % DAY)),
      iso(now),
    );
    db.prepare(
      `INSERT INTO Rubric (id, contestId, name, criteria, createdAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(uid("r"), contestId, "E2E rubric", JSON.stringify(CRITERIA), iso(now));
    db.prepare(`UPDATE Submission SET contestId = ? WHERE id = ?`).run(contestId, submissionId);
    const judge = db.prepare(`SELECT id FROM User WHERE email = ?`).get(judgeEmail) as {
      id: string;
    };
    db.prepare(
      `INSERT INTO JudgeAssignment (id, contestId, judgeId, submissionId, createdAt) VALUES (?, ?, ?, ?, ?)`,
    ).run(uid("a"), contestId, judge.id, submissionId, iso(now));
    return { contestId };
  } finally {
    db.close();
  }
}
