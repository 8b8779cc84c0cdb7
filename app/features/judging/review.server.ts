/**
 * The judge's queue and review screen, score saving and the judge's file download.
 *
 * Anonymity: every query that feeds a judge-facing response selects only the fields listed
 * here. Entrant identity (name, e-mail, id, original file name, storage path) is never selected
 * while the contest's anonymity is on.
 */
import path from "node:path";
import { isJudgingOpen } from "~/features/contests/phase";
import { parseCriteria, weightedTotal, type Criterion } from "~/features/contests/rubric";
import { prisma } from "~/utils/db.server";
import { readPage } from "~/utils/paged-list.server";
import { getStorage } from "~/utils/storage.server";
import { judgeCopy } from "~/features/entries/documents";
import { MAX_FILE_BYTES } from "~/features/entries/entry-schema";
import { kindFromFileName } from "~/features/entries/file-sniff";
import { PAGE_SIZE, parseScores } from "./scoring";

/** The judge's assignments that have a (submitted) entry. No entrant fields are selected. */
export async function judgeQueue(judgeId: string, page = 1) {
  const where = { judgeId, submissionId: { not: null }, submission: { status: "submitted" } };
  const { rows, total } = await readPage(
    page,
    PAGE_SIZE,
    (window) =>
      prisma.judgeAssignment.findMany({
        where,
        select: {
          id: true,
          contest: { select: { title: true, judgingClose: true, timeZone: true } },
          submission: { select: { id: true, title: true, wordCount: true } },
          score: { select: { total: true, submittedAt: true } },
        },
        orderBy: [{ contest: { judgingClose: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
        ...window,
      }),
    () => prisma.judgeAssignment.count({ where }),
  );
  return {
    total,
    items: rows.map((r) => ({
      submissionId: r.submission!.id,
      title: r.submission!.title,
      wordCount: r.submission!.wordCount,
      contestTitle: r.contest.title,
      judgingClose: r.contest.judgingClose,
      timeZone: r.contest.timeZone,
      scored: Boolean(r.score?.submittedAt),
      total: r.score?.submittedAt ? r.score.total : null,
    })),
  };
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

async function findAssignment(judgeId: string, submissionId: string) {
  return prisma.judgeAssignment.findFirst({
    where: { judgeId, submissionId, submission: { status: "submitted" } },
    select: {
      id: true,
      contest: {
        select: {
          id: true,
          title: true,
          anonymous: true,
          timeZone: true,
          judgingOpen: true,
          judgingClose: true,
          rubrics: {
            select: { id: true, name: true, criteria: true },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            take: 1,
          },
        },
      },
      submission: {
        select: { id: true, title: true, body: true, wordCount: true, filePath: true },
      },
      score: {
        select: { scores: true, comment: true, total: true, submittedAt: true, updatedAt: true },
      },
    },
  });
}

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
    score: a.score
      ? {
          scores: parseScores(a.score.scores),
          comment: a.score.comment ?? "",
          total: a.score.total,
          submitted: Boolean(a.score.submittedAt),
          updatedAt: a.score.updatedAt,
        }
      : null,
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
    alreadySubmitted: Boolean(a.score?.submittedAt),
  };
}

/**
 * Saves the judge's score for an assignment: updated when it exists (one row per assignment,
 * upsert on assignmentId), never duplicated. "submit" marks it final; an autosave of a draft
 * leaves submittedAt null, and an autosave of a submitted score keeps it submitted.
 */
export async function saveScore(input: {
  judgeId: string;
  submissionId: string;
  assignmentId: string;
  rubricId: string;
  criteria: Criterion[];
  scores: Record<string, number>;
  comment: string;
  final: boolean;
  now?: Date;
}) {
  const scores = Object.fromEntries(input.criteria.map((c) => [c.key, input.scores[c.key] ?? 0]));
  const total = weightedTotal(input.criteria, scores);
  const now = input.now ?? new Date();
  const data = {
    rubricId: input.rubricId,
    scores: JSON.stringify(scores),
    comment: input.comment || null,
    total,
  };
  const saved = await prisma.score.upsert({
    where: { assignmentId: input.assignmentId },
    update: { ...data, ...(input.final ? { submittedAt: now } : {}) },
    create: {
      ...data,
      assignmentId: input.assignmentId,
      judgeId: input.judgeId,
      submissionId: input.submissionId,
      submittedAt: input.final ? now : null,
    },
    select: { total: true, submittedAt: true, updatedAt: true },
  });
  return saved;
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
