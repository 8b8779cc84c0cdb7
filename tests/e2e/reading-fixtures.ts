import { randomBytes } from "node:crypto";
import { docxFromText } from "../../prisma/document-builders";
import { e2ePrisma } from "./db";
import { CRITERIA } from "./judging-fixtures";

/**
 * For tests/e2e/reading-anonymity.spec.ts (docs/decisions/0034-reading-desk.md): DOCX stories of a
 * chosen length, and the move of an uploaded entry into a contest in its judging window (an
 * unpublished one made for the test, dated long ago so no list of other specs shows it), with a
 * judge assigned, as the close of submissions and auto-assign would leave it.
 */
const DAY = 86_400_000;
const LONG_AGO = Date.UTC(2001, 0, 1);

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
export async function judgeEntry(submissionId: string, judgeEmail: string) {
  const db = e2ePrisma();
  const now = Date.now();
  const tag = randomBytes(4).toString("hex");
  const judge = await db.user.findUniqueOrThrow({
    where: { email: judgeEmail },
    select: { id: true },
  });
  const { id: contestId } = await db.contest.create({
    data: {
      slug: `e2e-reading-${tag}`,
      title: `Reading desk ${tag}`,
      description: "A contest created by the reading-desk end-to-end test.",
      anonymous: true,
      isPublished: false,
      wordMin: 100,
      wordMax: 1000,
      timeZone: "America/New_York",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
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
  await db.submission.update({ where: { id: submissionId }, data: { contestId } });
  await db.judgeAssignment.create({
    data: { contestId, judgeId: judge.id, submissionId, createdAt: new Date(now) },
  });
  return { contestId };
}
