/**
 * The judge's queue and review screen, score saving and the judge's file download.
 *
 * Anonymity: every query that feeds a judge-facing response selects only the fields listed
 * here. Entrant identity (name, e-mail, id, original file name, storage path) is never selected
 * while the contest's anonymity is on.
 */
import path from "node:path";
import { parseSnapshot, publishedJudgingWindow } from "~/features/contests/contest-snapshot";
import { isJudgingOpen } from "~/features/contests/phase";
import { parseCriteria, rubricMaxTotal, type Criterion } from "~/features/contests/rubric";
import { lockingTransaction, lockRow, prisma } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { getStorage } from "~/utils/storage.server";
import { judgeCopyInReader } from "~/features/documents/document-inspection.server";
import { MAX_FILE_BYTES } from "~/features/documents/file-sniff";
import { kindFromFileName } from "~/features/documents/file-sniff";
import {
  assignmentForReview,
  judgeQueuePage,
  nextPendingInQueue,
} from "./assignment-queries.server";
import { parseScores, scoresProblem, weightedTotal } from "./scoring";
import { assertScoresAllowed, ScoreRefused } from "./score-range.server";
import { writerName } from "./writer";
import { originalAllowedFor, readingFor } from "./reading.server";

/** 25 cards a page: half the rendering of 50, which kept /judge's p99 over 150 ms (ADR 0021). */
export const QUEUE_PAGE_SIZE = 25;

/**
 * The judge's assignments that have a (submitted) entry, pending first, with how many are left.
 * No entrant fields are selected. In SQL: one page of the queue's own index, then only its rows
 * are read, with the counts in the same statement (docs/decisions/0061-queue-page.md).
 */
export async function judgeQueue(judgeId: string, page = 1) {
  const skip = (page - 1) * QUEUE_PAGE_SIZE;
  const { items, counts } = await judgeQueuePage(judgeId, QUEUE_PAGE_SIZE, skip);
  const { total, left } = counts;
  return {
    total,
    left,
    items: items.map((item) => ({
      submissionId: item.submissionId,
      title: item.title,
      wordCount: item.wordCount,
      contestTitle: item.contestTitle,
      judgingClose: item.judgingClose,
      timeZone: item.timeZone,
      scored: item.scored,
      draft: item.draft,
      round: item.round,
      roundName: item.roundName,
      total: item.scored ? item.total : null,
      // Each total out of its own rubric's maximum: rounds may score 1-10 and 1-20 (ADR 0045).
      maxTotal: item.scored && item.criteria ? rubricMaxTotal(item.criteria) : null,
    })),
  };
}

/** The judge's next pending entry in queue order, other than `exceptSubmissionId`, or null. */
export async function nextPendingEntry(judgeId: string, exceptSubmissionId: string) {
  return nextPendingInQueue(judgeId, exceptSubmissionId);
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

/**
 * The judge's assignment to a submitted entry, with what the review needs, in one statement
 * (assignment-queries.server.ts); the contest's dates are the published ones, or the
 * assignment's round's (its rubric too) in a contest of rounds
 * (docs/decisions/0032-divisions-and-rounds.md).
 */
async function findAssignment(judgeId: string, submissionId: string) {
  const r = await assignmentForReview(judgeId, submissionId);
  if (!r) return null;
  return {
    id: r.assignmentId,
    contest: {
      id: r.contest.id,
      title: r.contest.title,
      anonymous: r.contest.anonymous,
      timeZone: r.contest.timeZone,
      // Judges score in the window the public sees, not dates saved but unpublished (ADR 0022);
      // in a contest of rounds, the window of the assignment's round (ADR 0032).
      ...(r.round
        ? { judgingOpen: r.round.judgingOpen, judgingClose: r.round.judgingClose }
        : publishedJudgingWindow(r.contest)),
      rubrics: r.rubric ? [r.rubric] : [],
      isPublished: r.contest.isPublished,
      resultsAt: r.contest.resultsAt,
      publishedResultsAt: r.contest.publishedResultsAt,
    },
    /** The published snapshot (prompts, rules), read with the assignment: no second query. */
    snapshot: r.contest.isPublished ? parseSnapshot(r.contest.publishedSnapshot) : null,
    submission: r.submission,
    score: r.score,
    draft: r.draft,
  };
}

type Values = { scores: Record<string, number>; comment: string; total: number };
const values = (row: { scores: string; comment: string | null; total: number }): Values => ({
  scores: parseScores(row.scores),
  comment: row.comment ?? "",
  total: row.total,
});

/** The writer's name shown to judges of a contest without anonymity. */
async function writerOf(submissionId: string) {
  const row = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      entrant: { select: { displayName: true } },
      pupil: { select: { firstName: true, lastInitial: true } },
    },
  });
  return row ? writerName(row) : null;
}

/**
 * What the judge reads beside the entry (docs/decisions/0034-reading-desk.md): the contest's
 * prompts as published (a prompt of one division only for entries of that division) and its rules.
 * Contest data only, in one statement: the entry's division, the contest's live rules and its
 * prompts with their divisions (the published snapshot does not carry them).
 */
export async function guidelinesFor(
  submissionId: string,
  snapshot: { rules: string | null; prompts: { id: string; title: string; body: string }[] } | null,
) {
  const rows = await readRows<{
    entryDivision: string | null;
    rules: string | null;
    pid: string | null;
    ptitle: string | null;
    pbody: string | null;
    pdivision: string | null;
  }>`
    SELECT s."divisionId" AS "entryDivision", c."rules" AS "rules", p."id" AS "pid",
      p."title" AS "ptitle", p."body" AS "pbody", p."divisionId" AS "pdivision"
    FROM "Submission" s
    JOIN "Contest" c ON c."id" = s."contestId"
    LEFT JOIN "Prompt" p ON p."contestId" = c."id"
    WHERE s."id" = ${submissionId}
    ORDER BY p."createdAt" ASC, p."id" ASC`;
  const entryDivision = rows[0]?.entryDivision ?? null;
  const division = new Map(rows.flatMap((r) => (r.pid ? [[r.pid, r.pdivision] as const] : [])));
  const live = rows.flatMap((r) =>
    r.pid ? [{ id: r.pid, title: r.ptitle ?? "", body: r.pbody ?? "" }] : [],
  );
  const prompts = (snapshot?.prompts ?? live).filter((p) => {
    const only = division.get(p.id) ?? null;
    return only === null || only === entryDivision;
  });
  return { prompts, rules: snapshot ? snapshot.rules : (rows[0]?.rules ?? null) };
}

/** What the judge screen shows, or null (→ 404) when the entry is not assigned to this judge. */
export async function loadReview(judgeId: string, submissionId: string, now = new Date()) {
  const a = await findAssignment(judgeId, submissionId);
  if (!a?.submission) return null;
  const rubric = a.contest.rubrics[0] ?? null;
  // Only when anonymity is off, and then only the writer's name: for a class entry the pupil's
  // "Mia R.", never the educator who sent it nor their school (docs/decisions/0031).
  const author = a.contest.anonymous ? null : await writerOf(submissionId);
  // The text the judge reads, with any place naming the writer removed (ADR 0034).
  const [reading, guidelines] = await Promise.all([
    readingFor(a.submission),
    guidelinesFor(submissionId, a.snapshot),
  ]);
  return {
    submission: {
      id: a.submission.id,
      title: a.submission.title,
      wordCount: a.submission.wordCount,
      file:
        a.submission.filePath && reading.originalAllowed
          ? { name: neutralFileName(a.submission.id, a.submission.filePath) }
          : null,
    },
    reading,
    guidelines,
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
    /** When the contest's results come out (the entry's discussion closes), for the server only. */
    results: {
      isPublished: a.contest.isPublished,
      resultsAt: a.contest.resultsAt,
      publishedResultsAt: a.contest.publishedResultsAt,
    },
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
  const problem = scoresProblem(input.criteria, scores, { complete: false });
  if (problem) throw new ScoreRefused(problem);
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
    // One assignment's score is written by one submit at a time (read, then created or changed).
    await lockRow(tx, "JudgeAssignment", input.assignmentId);
    await assertScoresAllowed(tx, input.rubricId, scores, true);
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
  }, lockingTransaction);
}

/**
 * The entry's file for the judge who is assigned to it, under a neutral name and without its
 * author metadata (docs/decisions/0010-hardening.md): the stored object (at most 10 MB) is read
 * and a stripped copy made. "not-found" when the entry is not this judge's or has no file;
 * "unavailable" when storage cannot deliver it or no clean copy can be made (never the original).
 */
export async function judgeFile(judgeId: string, submissionId: string) {
  const a = await prisma.judgeAssignment.findFirst({
    where: { judgeId, submissionId, releasedAt: null, submission: { status: "submitted" } },
    select: { submission: { select: { id: true, filePath: true, fileType: true } } },
  });
  const sub = a?.submission;
  if (!sub?.filePath) return { status: "not-found" as const };
  // A file that names its writer is never given to judges: they read its text (ADR 0034).
  if (!(await originalAllowedFor(sub.id))) return { status: "not-found" as const };
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
    // Made by the document reader, never in the server process (ADR 0046).
    const body = Buffer.from(await judgeCopyInReader(kind, Buffer.concat(chunks)));
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
