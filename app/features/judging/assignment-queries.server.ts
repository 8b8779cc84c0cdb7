/**
 * The judge's side of judging in hand-written SQL, for both engines
 * (docs/decisions/0028-postgresql.md, ADR 0021): one page of a judge's queue and its counts, the
 * one-statement read of an assignment for review. The bulk insert of assignments is the
 * assignment capability's (features/assignment/insert.server.ts, ADR 0051). Written in
 * the SQL both engines speak; each function returns typed rows (no bigint, text date or 0/1
 * boolean leaves here). The callers (review.server.ts, the assignment writers) hold the rules.
 * The ranking's SQL is in queries.server.ts.
 */
import { fromSql } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";

type Int = bigint | number;

export type QueueItem = {
  submissionId: string;
  title: string;
  wordCount: number;
  contestTitle: string;
  judgingClose: Date;
  timeZone: string;
  /** Whether the judge's score is submitted (a score without `submittedAt` is pending). */
  scored: boolean;
  total: number | null;
  draft: boolean;
  /** The assignment's round in a contest of rounds (null: one round). */
  round: number;
  roundName: string | null;
  /** The score's rubric criteria (JSON), for the total's maximum; null when unscored. */
  criteria: string | null;
};

/**
 * One page of a judge's queue (pending first, then by due date and assignment order), with the
 * queue's size and pending count, in one statement. The page is a walk of one index, the queue's
 * own (JudgeAssignment_queue_idx: its filter and order are kept on the assignment by triggers,
 * docs/decisions/0061-queue-page.md): the page's ids come from the index alone, then only its 25
 * rows are joined to their entry, contest, round, score and draft. The counts are two ranges of
 * the same index, joined to nothing. No entrant field is selected.
 */
export async function judgeQueuePage(
  judgeId: string,
  take: number,
  skip: number,
): Promise<{ items: QueueItem[]; counts: { total: number; left: number } }> {
  const rows = await readRows<{
    submissionId: string | null;
    title: string;
    wordCount: Int;
    contestTitle: string;
    judgingClose: Date | string;
    timeZone: string;
    scored: boolean | Int | null;
    total: number | null;
    draft: boolean | Int;
    round: Int;
    roundName: string | null;
    criteria: string | null;
    queued: Int;
    pending: Int | null;
  }>`
    WITH ids AS (
      SELECT q."id", q."scored", q."scoredAt", q."due", q."createdAt"
      FROM "JudgeAssignment" q
      WHERE q."judgeId" = ${judgeId} AND q."queued" = true
      ORDER BY q."scored" ASC, q."scoredAt" ASC, q."due" ASC, q."createdAt" ASC, q."id" ASC
      LIMIT ${take} OFFSET ${skip}
    ), page AS (
      SELECT a."submissionId" AS "submissionId", s."title" AS "title", s."wordCount" AS "wordCount",
        c."title" AS "contestTitle", p."due" AS "judgingClose", c."timeZone" AS "timeZone",
        (sc."submittedAt" IS NOT NULL) AS "scored", sc."total" AS "total", (d."id" IS NOT NULL) AS "draft",
        a."round" AS "round", jr."name" AS "roundName", rb."criteria" AS "criteria",
        p."scored" AS "o1", p."scoredAt" AS "o2", p."due" AS "o3", p."createdAt" AS "o4", p."id" AS "o5"
      FROM ids p
      JOIN "JudgeAssignment" a ON a."id" = p."id"
      JOIN "Submission" s ON s."id" = a."submissionId"
      JOIN "Contest" c ON c."id" = a."contestId"
      LEFT JOIN "JudgingRound" jr ON jr."contestId" = a."contestId" AND jr."number" = a."round"
      LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
      LEFT JOIN "Rubric" rb ON rb."id" = sc."rubricId"
      LEFT JOIN "ScoreDraft" d ON d."assignmentId" = a."id"
    ), counts AS (
      SELECT
        (SELECT COUNT(*) FROM "JudgeAssignment" t WHERE t."judgeId" = ${judgeId} AND t."queued" = true) AS "queued",
        (SELECT COUNT(*) FROM "JudgeAssignment" l
          WHERE l."judgeId" = ${judgeId} AND l."queued" = true AND l."scored" = false) AS "pending"
    )
    SELECT k."queued", k."pending", page."submissionId", page."title", page."wordCount",
      page."contestTitle", page."judgingClose", page."timeZone", page."scored", page."total",
      page."draft", page."round", page."roundName", page."criteria"
    FROM counts k LEFT JOIN page ON true
    ORDER BY page."o1" ASC, page."o2" ASC, page."o3" ASC, page."o4" ASC, page."o5" ASC`;
  const first = rows[0];
  return {
    counts: { total: fromSql.int(first?.queued), left: fromSql.int(first?.pending) },
    items: rows
      .filter((r) => r.submissionId !== null)
      .map((r) => ({
        submissionId: r.submissionId!,
        title: r.title,
        wordCount: fromSql.int(r.wordCount),
        contestTitle: r.contestTitle,
        judgingClose: fromSql.date(r.judgingClose),
        timeZone: r.timeZone,
        scored: fromSql.bool(r.scored ?? false),
        total: r.total,
        draft: fromSql.bool(r.draft),
        round: fromSql.int(r.round),
        roundName: r.roundName,
        criteria: r.criteria,
      })),
  };
}

/**
 * The judge's next pending entry in queue order, other than `exceptSubmissionId` (ADR 0061): the
 * first rows of the queue index's pending range.
 */
export async function nextPendingInQueue(judgeId: string, exceptSubmissionId: string) {
  const [next] = await readRows<{ submissionId: string }>`
    SELECT q."submissionId" AS "submissionId" FROM "JudgeAssignment" q
    WHERE q."judgeId" = ${judgeId} AND q."queued" = true AND q."scored" = false
      AND q."submissionId" <> ${exceptSubmissionId}
    ORDER BY q."scored" ASC, q."scoredAt" ASC, q."due" ASC, q."createdAt" ASC, q."id" ASC
    LIMIT 1`;
  return next?.submissionId ?? null;
}

export type AssignmentRow = {
  assignmentId: string;
  contest: {
    id: string;
    title: string;
    anonymous: boolean;
    timeZone: string;
    judgingOpen: Date;
    judgingClose: Date;
    isPublished: boolean;
    publishedSnapshot: string | null;
    /** When results come out (the entry's discussion closes then: notesForReview). */
    resultsAt: Date;
    publishedResultsAt: Date | null;
  };
  /**
   * The assignment's judging round when the contest has rounds (its window is the one judges score
   * in); null for a contest of one round (docs/decisions/0032-divisions-and-rounds.md).
   */
  round: { number: number; judgingOpen: Date; judgingClose: Date } | null;
  rubric: { id: string; name: string; criteria: string } | null;
  submission: {
    id: string;
    title: string;
    body: string | null;
    wordCount: number;
    filePath: string | null;
    /** Whether a place in the entry names its writer and waits for the admin (ADR 0034). */
    mentionsEntrant: boolean;
    /** The document's reading text and how it was read; null before it was read. */
    document: { text: string; status: string } | null;
  };
  score: {
    scores: string;
    comment: string | null;
    total: number;
    submittedAt: Date | null;
  } | null;
  draft: { scores: string; comment: string | null; total: number; updatedAt: Date } | null;
};

/**
 * The judge's assignment to a submitted entry with what the review needs, in one statement: the
 * contest, its first rubric, the entry without its writer, the submitted score and the draft
 * (a query per relation cost more than the page, ADR 0021).
 */
export async function assignmentForReview(
  judgeId: string,
  submissionId: string,
): Promise<AssignmentRow | null> {
  const [r] = await readRows<{
    aid: string;
    cid: string;
    ctitle: string;
    anonymous: boolean | Int;
    timeZone: string;
    judgingOpen: Date | string;
    judgingClose: Date | string;
    isPublished: boolean | Int;
    publishedSnapshot: string | null;
    resultsAt: Date | string;
    publishedResultsAt: Date | string | null;
    rid: string | null;
    rname: string | null;
    rcriteria: string | null;
    sid: string;
    stitle: string;
    body: string | null;
    wordCount: Int;
    filePath: string | null;
    mentions: boolean | Int;
    docText: string | null;
    docStatus: string | null;
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
    rnum: Int | null;
    rOpen: Date | string | null;
    rClose: Date | string | null;
  }>`
    SELECT a."id" AS "aid", jr."number" AS "rnum", jr."judgingOpen" AS "rOpen",
      jr."judgingClose" AS "rClose", c."id" AS "cid", c."title" AS "ctitle", c."anonymous" AS "anonymous",
      c."timeZone" AS "timeZone", c."judgingOpen" AS "judgingOpen", c."judgingClose" AS "judgingClose",
      c."isPublished" AS "isPublished", c."publishedSnapshot" AS "publishedSnapshot",
      c."resultsAt" AS "resultsAt", c."publishedResultsAt" AS "publishedResultsAt",
      r."id" AS "rid", r."name" AS "rname", r."criteria" AS "rcriteria",
      s."id" AS "sid", s."title" AS "stitle", s."body" AS "body", s."wordCount" AS "wordCount",
      s."filePath" AS "filePath", s."mentionsEntrant" AS "mentions",
      ed."text" AS "docText", ed."status" AS "docStatus",
      sc."id" AS "scId", sc."scores" AS "scScores", sc."comment" AS "scComment",
      sc."total" AS "scTotal", sc."submittedAt" AS "scSubmittedAt",
      d."id" AS "dId", d."scores" AS "dScores", d."comment" AS "dComment", d."total" AS "dTotal",
      d."updatedAt" AS "dUpdatedAt"
    FROM "JudgeAssignment" a
    JOIN "Submission" s ON s."id" = a."submissionId"
    JOIN "Contest" c ON c."id" = a."contestId"
    LEFT JOIN "JudgingRound" jr ON jr."contestId" = a."contestId" AND jr."number" = a."round"
    LEFT JOIN "Rubric" r ON r."id" = COALESCE(jr."rubricId", (
      SELECT "id" FROM "Rubric" WHERE "contestId" = c."id" ORDER BY "createdAt" ASC, "id" ASC LIMIT 1
    ))
    LEFT JOIN "EntryDocument" ed ON ed."submissionId" = s."id"
    LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
    LEFT JOIN "ScoreDraft" d ON d."assignmentId" = a."id"
    WHERE a."judgeId" = ${judgeId} AND a."submissionId" = ${submissionId} AND s."status" = 'submitted'
      AND a."releasedAt" IS NULL
    LIMIT 1`;
  if (!r) return null;
  return {
    assignmentId: r.aid,
    contest: {
      id: r.cid,
      title: r.ctitle,
      anonymous: fromSql.bool(r.anonymous),
      timeZone: r.timeZone,
      judgingOpen: fromSql.date(r.judgingOpen),
      judgingClose: fromSql.date(r.judgingClose),
      isPublished: fromSql.bool(r.isPublished),
      publishedSnapshot: r.publishedSnapshot,
      resultsAt: fromSql.date(r.resultsAt),
      publishedResultsAt: fromSql.dateOrNull(r.publishedResultsAt),
    },
    round:
      r.rnum !== null && r.rOpen !== null && r.rClose !== null
        ? {
            number: fromSql.int(r.rnum),
            judgingOpen: fromSql.date(r.rOpen),
            judgingClose: fromSql.date(r.rClose),
          }
        : null,
    rubric:
      r.rid !== null ? { id: r.rid, name: r.rname ?? "", criteria: r.rcriteria ?? "[]" } : null,
    submission: {
      id: r.sid,
      title: r.stitle,
      body: r.body,
      wordCount: fromSql.int(r.wordCount),
      filePath: r.filePath,
      mentionsEntrant: fromSql.bool(r.mentions),
      document: r.docStatus !== null ? { text: r.docText ?? "", status: r.docStatus } : null,
    },
    score:
      r.scId !== null
        ? {
            scores: r.scScores ?? "{}",
            comment: r.scComment,
            total: Number(r.scTotal),
            submittedAt: fromSql.dateOrNull(r.scSubmittedAt),
          }
        : null,
    draft:
      r.dId !== null
        ? {
            scores: r.dScores ?? "{}",
            comment: r.dComment,
            total: Number(r.dTotal),
            updatedAt: fromSql.date(r.dUpdatedAt!),
          }
        : null,
  };
}
