/**
 * The judge's queue and review screen, score saving and the judge's file download.
 *
 * Anonymity: every query that feeds a judge-facing response selects only the fields listed
 * here. Entrant identity (name, e-mail, id, original file name, storage path) is never selected
 * while the contest's anonymity is on.
 */
import path from "node:path";
import { publishedJudgingWindow } from "~/features/contests/contest-snapshot";
import { isJudgingOpen } from "~/features/contests/phase";
import { parseCriteria, type Criterion } from "~/features/contests/rubric";
import { prisma, type Prisma } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import { judgeCopy } from "~/features/documents/documents";
import { MAX_FILE_BYTES } from "~/features/documents/file-sniff";
import { kindFromFileName } from "~/features/documents/file-sniff";
import { parseScores, weightedTotal } from "./scoring";

/** 25 cards a page: half the rendering of 50, which kept /judge's p99 over 150 ms (ADR 0021). */
export const QUEUE_PAGE_SIZE = 25;

/** An assignment still waiting for this judge's submitted score (a draft does not count). */
const pendingWhere = { OR: [{ score: null }, { score: { submittedAt: null } }] };
const queueWhere = (judgeId: string) => ({
  judgeId,
  submissionId: { not: null },
  submission: { status: "submitted" },
});
/** Pending first, then by due date (the contest's judging_close) and assignment order. */
const queueOrder = [
  { score: { submittedAt: { sort: "asc", nulls: "first" } } },
  { contest: { judgingClose: "asc" } },
  { createdAt: "asc" },
  { id: "asc" },
] satisfies Prisma.JudgeAssignmentOrderByWithRelationInput[];

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

type QueueRow = {
  submissionId: string;
  title: string;
  wordCount: number | bigint;
  contestTitle: string;
  judgingClose: Date | string;
  timeZone: string;
  submittedAt: Date | string | null;
  total: number | null;
  draft: number | bigint | boolean;
  queued: number | bigint;
  pending: number | bigint | null;
};

/**
 * The judge's assignments that have a (submitted) entry, pending first, with how many are left.
 * No entrant fields are selected. In SQL: the page is chosen from the indexes (assignment,
 * entry status, score state, contest deadline), then only its rows are read, with the counts
 * in the same statement (docs/decisions/0021-performance.md).
 */
export async function judgeQueue(judgeId: string, page = 1) {
  const skip = (page - 1) * QUEUE_PAGE_SIZE;
  // The counts ride along with the page (window functions over the same scan).
  const rows = await prisma.$queryRaw<QueueRow[]>`
    WITH page AS (
      SELECT a."id" AS id, a."submissionId" AS submissionId, a."contestId" AS contestId,
        a."createdAt" AS createdAt, sc."submittedAt" AS submittedAt, sc."total" AS total,
        c."judgingClose" AS judgingClose, COUNT(*) OVER () AS queued,
        SUM(CASE WHEN sc."submittedAt" IS NULL THEN 1 ELSE 0 END) OVER () AS pending
      FROM "JudgeAssignment" a
      JOIN "Submission" s ON s."id" = a."submissionId" AND s."status" = 'submitted'
      JOIN "Contest" c ON c."id" = a."contestId"
      LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
      WHERE a."judgeId" = ${judgeId} AND a."submissionId" IS NOT NULL
      ORDER BY sc."submittedAt" IS NOT NULL, sc."submittedAt" ASC, c."judgingClose" ASC,
        a."createdAt" ASC, a."id" ASC
      LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${skip}
    )
    SELECT p.submissionId AS submissionId, s."title" AS title, s."wordCount" AS wordCount,
      c."title" AS contestTitle, p.judgingClose AS judgingClose, c."timeZone" AS timeZone,
      p.submittedAt AS submittedAt, p.total AS total, (d."id" IS NOT NULL) AS draft,
      p.queued AS queued, p.pending AS pending
    FROM page p
    JOIN "Submission" s ON s."id" = p.submissionId
    JOIN "Contest" c ON c."id" = p.contestId
    LEFT JOIN "ScoreDraft" d ON d."assignmentId" = p.id
    ORDER BY p.submittedAt IS NOT NULL, p.submittedAt ASC, p.judgingClose ASC, p.createdAt ASC,
      p.id ASC`;
  let counts = rows[0] ? { total: rows[0].queued, left: rows[0].pending } : null;
  if (!counts) {
    // A page past the end: the counts alone.
    const [c] = await prisma.$queryRaw<{ total: number | bigint; left: number | bigint | null }[]>`
      SELECT COUNT(*) AS total, SUM(CASE WHEN sc."submittedAt" IS NULL THEN 1 ELSE 0 END) AS left
      FROM "JudgeAssignment" a
      JOIN "Submission" s ON s."id" = a."submissionId" AND s."status" = 'submitted'
      LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
      WHERE a."judgeId" = ${judgeId} AND a."submissionId" IS NOT NULL`;
    counts = { total: c?.total ?? 0, left: c?.left ?? 0 };
  }
  return {
    total: Number(counts.total),
    left: Number(counts.left ?? 0),
    items: rows.map((r) => ({
      submissionId: r.submissionId,
      title: r.title,
      wordCount: Number(r.wordCount),
      contestTitle: r.contestTitle,
      judgingClose: asDate(r.judgingClose),
      timeZone: r.timeZone,
      scored: r.submittedAt !== null,
      draft: Boolean(Number(r.draft)),
      total: r.submittedAt !== null ? r.total : null,
    })),
  };
}

/** The judge's next pending entry in queue order, other than `exceptSubmissionId`, or null. */
export async function nextPendingEntry(judgeId: string, exceptSubmissionId: string) {
  const next = await prisma.judgeAssignment.findFirst({
    where: {
      ...queueWhere(judgeId),
      ...pendingWhere,
      NOT: { submissionId: exceptSubmissionId },
    },
    select: { submissionId: true },
    orderBy: queueOrder,
  });
  return next?.submissionId ?? null;
}

/** The file extension shown to judges, from the stored key (never from the original file name). */
export function neutralFileName(submissionId: string, filePath: string) {
  const ext = path
    .extname(filePath)
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return `entry-${submissionId.slice(-8)}${ext ? `.${ext}` : ""}`;
}

type AssignmentRow = {
  aid: string;
  cid: string;
  ctitle: string;
  anonymous: boolean | number | bigint;
  timeZone: string;
  judgingOpen: Date | string;
  judgingClose: Date | string;
  isPublished: boolean | number | bigint;
  publishedSnapshot: string | null;
  rid: string | null;
  rname: string | null;
  rcriteria: string | null;
  sid: string;
  stitle: string;
  body: string | null;
  wordCount: number | bigint;
  filePath: string | null;
  scId: string | null;
  scScores: string | null;
  scComment: string | null;
  scTotal: number | null;
  scSubmittedAt: Date | string | null;
  dId: string | null;
  dScores: string | null;
  dComment: string | null;
  dTotal: number | null;
  dUpdatedAt: Date | string | null;
};
/**
 * The judge's assignment to a submitted entry, with what the review needs, in one statement (the
 * contest's first rubric, the entry without its writer, the submitted score and the draft); a
 * query per relation cost more than the page (docs/decisions/0021-performance.md).
 */
async function findAssignment(judgeId: string, submissionId: string) {
  const [r] = await prisma.$queryRaw<AssignmentRow[]>`
    SELECT a."id" AS aid, c."id" AS cid, c."title" AS ctitle, c."anonymous" AS anonymous,
      c."timeZone" AS timeZone, c."judgingOpen" AS judgingOpen, c."judgingClose" AS judgingClose,
      c."isPublished" AS isPublished, c."publishedSnapshot" AS publishedSnapshot,
      r."id" AS rid, r."name" AS rname, r."criteria" AS rcriteria,
      s."id" AS sid, s."title" AS stitle, s."body" AS body, s."wordCount" AS wordCount,
      s."filePath" AS filePath,
      sc."id" AS scId, sc."scores" AS scScores, sc."comment" AS scComment, sc."total" AS scTotal,
      sc."submittedAt" AS scSubmittedAt,
      d."id" AS dId, d."scores" AS dScores, d."comment" AS dComment, d."total" AS dTotal,
      d."updatedAt" AS dUpdatedAt
    FROM "JudgeAssignment" a
    JOIN "Submission" s ON s."id" = a."submissionId"
    JOIN "Contest" c ON c."id" = a."contestId"
    LEFT JOIN "Rubric" r ON r."id" = (
      SELECT "id" FROM "Rubric" WHERE "contestId" = c."id" ORDER BY "createdAt" ASC, "id" ASC LIMIT 1
    )
    LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
    LEFT JOIN "ScoreDraft" d ON d."assignmentId" = a."id"
    WHERE a."judgeId" = ${judgeId} AND a."submissionId" = ${submissionId} AND s."status" = 'submitted'
    LIMIT 1`;
  if (!r) return null;
  return {
    id: r.aid,
    contest: {
      id: r.cid,
      title: r.ctitle,
      anonymous: Boolean(Number(r.anonymous)),
      timeZone: r.timeZone,
      // Judges score in the window the public sees, not dates saved but unpublished (ADR 0022).
      ...publishedJudgingWindow({
        isPublished: Boolean(Number(r.isPublished)),
        publishedSnapshot: r.publishedSnapshot,
        judgingOpen: asDate(r.judgingOpen),
        judgingClose: asDate(r.judgingClose),
      }),
      rubrics:
        r.rid !== null ? [{ id: r.rid, name: r.rname ?? "", criteria: r.rcriteria ?? "[]" }] : [],
    },
    submission: {
      id: r.sid,
      title: r.stitle,
      body: r.body,
      wordCount: Number(r.wordCount),
      filePath: r.filePath,
    },
    score:
      r.scId !== null
        ? {
            scores: r.scScores ?? "{}",
            comment: r.scComment,
            total: Number(r.scTotal),
            submittedAt: r.scSubmittedAt === null ? null : asDate(r.scSubmittedAt),
          }
        : null,
    draft:
      r.dId !== null
        ? {
            scores: r.dScores ?? "{}",
            comment: r.dComment,
            total: Number(r.dTotal),
            updatedAt: asDate(r.dUpdatedAt!),
          }
        : null,
  };
}

type Values = { scores: Record<string, number>; comment: string; total: number };
const values = (row: { scores: string; comment: string | null; total: number }): Values => ({
  scores: parseScores(row.scores),
  comment: row.comment ?? "",
  total: row.total,
});

/** What the judge screen shows, or null (→ 404) when the entry is not assigned to this judge. */
export async function loadReview(judgeId: string, submissionId: string, now = new Date()) {
  const a = await findAssignment(judgeId, submissionId);
  if (!a?.submission) return null;
  const rubric = a.contest.rubrics[0] ?? null;
  // Only when anonymity is off, and then only the display name.
  const author = a.contest.anonymous
    ? null
    : ((
        await prisma.submission.findUnique({
          where: { id: submissionId },
          select: { entrant: { select: { displayName: true } } },
        })
      )?.entrant.displayName ?? null);
  return {
    submission: {
      id: a.submission.id,
      title: a.submission.title,
      body: a.submission.body,
      wordCount: a.submission.wordCount,
      file: a.submission.filePath
        ? { name: neutralFileName(a.submission.id, a.submission.filePath) }
        : null,
    },
    author,
    contest: {
      title: a.contest.title,
      timeZone: a.contest.timeZone,
      judgingOpen: a.contest.judgingOpen,
      judgingClose: a.contest.judgingClose,
      open: isJudgingOpen(a.contest, now),
    },
    rubric: rubric ? { name: rubric.name, criteria: parseCriteria(rubric.criteria) } : null,
    /** The submitted score: what counts. Changes only through Submit Score. */
    submitted: a.score?.submittedAt
      ? { ...values(a.score), submittedAt: a.score.submittedAt }
      : null,
    /** Unsubmitted work (autosave, Save Draft), possibly partial; never counted. */
    draft: a.draft ? { ...values(a.draft), updatedAt: a.draft.updatedAt } : null,
  };
}
export type Review = NonNullable<Awaited<ReturnType<typeof loadReview>>>;

/** The rubric and state the score form is validated against, or null when not assigned. */
export async function scoringContext(judgeId: string, submissionId: string) {
  const a = await findAssignment(judgeId, submissionId);
  if (!a?.submission) return null;
  const rubric = a.contest.rubrics[0];
  const criteria: Criterion[] = rubric ? parseCriteria(rubric.criteria) : [];
  return {
    assignmentId: a.id,
    rubricId: rubric && criteria.length ? rubric.id : null,
    criteria,
    open: isJudgingOpen(a.contest),
    submitted: Boolean(a.score?.submittedAt),
  };
}

/** Criterion values in rubric order (blanks left out), so equal scores serialise equally. */
function ordered(criteria: Criterion[], scores: Record<string, number | undefined>) {
  const out: Record<string, number> = {};
  for (const c of criteria) if (typeof scores[c.key] === "number") out[c.key] = scores[c.key]!;
  return out;
}

const sameValues = (a: Values, b: Values, criteria: Criterion[]) =>
  JSON.stringify(ordered(criteria, a.scores)) === JSON.stringify(ordered(criteria, b.scores)) &&
  a.comment === b.comment;

type ScoreInput = {
  assignmentId: string;
  criteria: Criterion[];
  scores: Record<string, number | undefined>;
  comment: string;
};

/**
 * Autosave / Save Draft: keeps the judge's unsubmitted work, possibly partial, in ScoreDraft. The
 * submitted score is never touched (docs/decisions/0015-score-drafts-and-history.md). A draft
 * equal to the submitted score is dropped, so "unsubmitted changes" means what it says.
 */
export async function saveDraft(input: ScoreInput) {
  const scores = ordered(input.criteria, input.scores);
  const draft: Values = {
    scores,
    comment: input.comment,
    total: weightedTotal(input.criteria, scores),
  };
  const submitted = await prisma.score.findFirst({
    where: { assignmentId: input.assignmentId, submittedAt: { not: null } },
    select: { scores: true, comment: true, total: true },
  });
  if (submitted && sameValues(values(submitted), draft, input.criteria)) {
    await prisma.scoreDraft.deleteMany({ where: { assignmentId: input.assignmentId } });
    return { total: draft.total, unsubmitted: false };
  }
  const data = {
    scores: JSON.stringify(scores),
    comment: input.comment || null,
    total: draft.total,
  };
  await prisma.scoreDraft.upsert({
    where: { assignmentId: input.assignmentId },
    update: data,
    create: { ...data, assignmentId: input.assignmentId },
  });
  return { total: draft.total, unsubmitted: Boolean(submitted) };
}

/** Discard: drops the draft; the submitted score (if any) stays as it was. */
export async function discardDraft(assignmentId: string) {
  await prisma.scoreDraft.deleteMany({ where: { assignmentId } });
}

/**
 * Submit Score: the one way a score that counts is written (one row per assignment). Every
 * change to an already submitted score is kept in ScoreHistory (who, when, before, after), and
 * the draft goes, all in one transaction. Every criterion has a value (the schema requires it).
 */
export async function submitScore(
  input: ScoreInput & { judgeId: string; submissionId: string; rubricId: string; now?: Date },
) {
  const scores = ordered(input.criteria, input.scores);
  const after: Values = {
    scores,
    comment: input.comment,
    total: weightedTotal(input.criteria, scores),
  };
  const now = input.now ?? new Date();
  const data = {
    rubricId: input.rubricId,
    scores: JSON.stringify(scores),
    comment: input.comment || null,
    total: after.total,
    submittedAt: now,
  };
  return prisma.$transaction(async (tx) => {
    const existing = await tx.score.findUnique({
      where: { assignmentId: input.assignmentId },
      select: { id: true, scores: true, comment: true, total: true, submittedAt: true },
    });
    if (!existing) {
      await tx.score.create({
        data: {
          ...data,
          assignmentId: input.assignmentId,
          judgeId: input.judgeId,
          submissionId: input.submissionId,
        },
      });
    } else if (!existing.submittedAt) {
      await tx.score.update({ where: { id: existing.id }, data });
    } else if (!sameValues(values(existing), after, input.criteria)) {
      const before = values(existing);
      await tx.score.update({ where: { id: existing.id }, data });
      await tx.scoreHistory.create({
        data: {
          scoreId: existing.id,
          changedById: input.judgeId,
          changedAt: now,
          before: JSON.stringify(before),
          after: JSON.stringify(after),
        },
      });
    }
    await tx.scoreDraft.deleteMany({ where: { assignmentId: input.assignmentId } });
    return { total: after.total };
  });
}

/**
 * The entry's file for the judge who is assigned to it, under a neutral name and without its
 * author metadata (docs/decisions/0010-hardening.md): the stored object (at most 10 MB) is read
 * and a stripped copy made. "not-found" when the entry is not this judge's or has no file;
 * "unavailable" when storage cannot deliver it or no clean copy can be made (never the original).
 */
export async function judgeFile(judgeId: string, submissionId: string) {
  const a = await prisma.judgeAssignment.findFirst({
    where: { judgeId, submissionId, submission: { status: "submitted" } },
    select: { submission: { select: { id: true, filePath: true, fileType: true } } },
  });
  const sub = a?.submission;
  if (!sub?.filePath) return { status: "not-found" as const };
  const kind = kindFromFileName(sub.filePath);
  try {
    const object = await getStorage().get(sub.filePath);
    if (!object || !kind) throw new Error(object ? "unknown kind" : "missing object");
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of object.body) {
      size += (chunk as Buffer).byteLength;
      if (size > MAX_FILE_BYTES) {
        object.body.destroy();
        throw new Error("stored file is larger than an entry may be");
      }
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.from(await judgeCopy(kind, Buffer.concat(chunks)));
    return {
      status: "ok" as const,
      body,
      size: body.byteLength,
      contentType: sub.fileType || object.contentType || "application/octet-stream",
      name: neutralFileName(sub.id, sub.filePath),
    };
  } catch (error) {
    console.error(`[judging] could not prepare the file of submission ${sub.id}`, error);
    return { status: "unavailable" as const };
  }
}
