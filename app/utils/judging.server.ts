/**
 * Data access for judging (issue 5): judges, set-password links, assignment, the review queue,
 * score saving and the ranking. The rules themselves live in assign.ts and scoring.ts.
 *
 * Anonymity: every query that feeds a judge-facing response selects only the fields listed
 * here. Entrant identity (name, e-mail, id, original file name, storage path) is never selected
 * while the contest's anonymity is on.
 */
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { JudgeInviteEmail } from "~/emails/judge-invite";
import { autoAssign } from "./assign";
import { hashPassword } from "./auth.server";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { readPage } from "./paged-list.server";
import { sendEmail, siteUrl } from "./email.server";
import { isJudgingOpen } from "./phase";
import { parseCriteria, round2, weightedTotal, type Criterion } from "./rubric";
import { PAGE_SIZE, parseScores } from "./scoring";
import { getStorage } from "./storage.server";

export { PAGE_SIZE };
export const SET_PASSWORD_TYPE = "set-password";
export const SET_PASSWORD_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- judges

export async function listJudges(page = 1) {
  const where = { roles: { some: { role: "judge" } } };
  const { rows: judges, total } = await readPage(
    page,
    PAGE_SIZE,
    (window) =>
      prisma.user.findMany({
        where,
        select: { id: true, email: true, displayName: true },
        orderBy: [{ email: "asc" }],
        ...window,
      }),
    () => prisma.user.count({ where }),
  );
  return { judges, total };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A one-time set-password link: 32 random bytes, only the SHA-256 hash is stored. */
export async function createSetPasswordToken(userId: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await prisma.$transaction([
    // A new link replaces any earlier unused one.
    prisma.verification.deleteMany({ where: { userId, type: SET_PASSWORD_TYPE, usedAt: null } }),
    prisma.verification.create({
      data: {
        type: SET_PASSWORD_TYPE,
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + SET_PASSWORD_DAYS * DAY),
      },
    }),
  ]);
  return token;
}

export type AddJudgeResult =
  { ok: true; created: boolean; emailed: boolean } | { ok: false; error: string };

/** Add Judge: creates the account when none exists, grants the role, e-mails the link. */
export async function addJudge(
  input: { email: string; name: string },
  request?: Request,
): Promise<AddJudgeResult> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  let user = await prisma.user.findUnique({
    where: { email },
    select: {
      id: true,
      displayName: true,
      roles: { select: { role: true } },
      password: { select: { userId: true } },
    },
  });
  if (user?.roles.some((r) => r.role === "judge"))
    return { ok: false, error: "This person is already a judge" };
  let created = false;
  if (!user) {
    try {
      user = await prisma.user.create({
        data: { email, displayName: name.slice(0, 100), roles: { create: { role: "judge" } } },
        select: {
          id: true,
          displayName: true,
          roles: { select: { role: true } },
          password: { select: { userId: true } },
        },
      });
      created = true;
    } catch (error) {
      if ((error as { code?: string }).code === "P2002")
        return { ok: false, error: "This person is already a judge" };
      throw error;
    }
  } else {
    await prisma.userRole.upsert({
      where: { userId_role: { userId: user.id, role: "judge" } },
      update: {},
      create: { userId: user.id, role: "judge" },
    });
  }
  let result;
  if (created || !user.password) {
    const token = await createSetPasswordToken(user.id);
    result = await sendEmail({
      to: email,
      subject: "Set your password to start judging on Inkwell",
      template: "judge-invite",
      react: JudgeInviteEmail({
        name: user.displayName,
        link: siteUrl(`/set-password/${token}`, request),
        kind: "set-password",
        expiresInDays: SET_PASSWORD_DAYS,
      }),
    });
  } else {
    result = await sendEmail({
      to: email,
      subject: "You are now a judge on Inkwell",
      template: "judge-added",
      react: JudgeInviteEmail({
        name: user.displayName,
        link: siteUrl("/judge", request),
        kind: "existing-account",
        expiresInDays: 0,
      }),
    });
  }
  return { ok: true, created, emailed: result.ok };
}

/** The user behind a valid, unused, unexpired set-password token, or null. */
export async function findSetPasswordToken(token: string, now = new Date()) {
  if (!token || token.length > 200) return null;
  const row = await prisma.verification.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      type: true,
      usedAt: true,
      expiresAt: true,
      user: { select: { id: true, email: true } },
    },
  });
  if (
    !row ||
    row.type !== SET_PASSWORD_TYPE ||
    row.usedAt ||
    row.expiresAt.getTime() < now.getTime()
  )
    return null;
  return { verificationId: row.id, userId: row.user.id, email: row.user.email };
}

/** Uses the token (once) and sets the password. False when the link is invalid, used or expired. */
export async function setPasswordWithToken(token: string, password: string, now = new Date()) {
  const found = await findSetPasswordToken(token, now);
  if (!found) return null;
  const hash = await hashPassword(password);
  return prisma.$transaction(async (tx) => {
    // Single use, even when two requests race: only the one that flips usedAt proceeds.
    const used = await tx.verification.updateMany({
      where: { id: found.verificationId, usedAt: null },
      data: { usedAt: now },
    });
    if (used.count !== 1) return null;
    await tx.password.upsert({
      where: { userId: found.userId },
      update: { hash },
      create: { userId: found.userId, hash },
    });
    return { email: found.email };
  });
}

/** Removes the judge role and the judge's open assignments; submitted scores (and their assignments) stay. */
export async function removeJudge(userId: string) {
  return prisma.$transaction(async (tx) => {
    const role = await tx.userRole.deleteMany({ where: { userId, role: "judge" } });
    if (role.count === 0) return false;
    await tx.judgeAssignment.deleteMany({
      where: { judgeId: userId, OR: [{ score: null }, { score: { submittedAt: null } }] },
    });
    return true;
  });
}

// ---------------------------------------------------------------- assignment

export async function findContest(contestId: string | null | undefined) {
  if (!contestId) return null;
  return prisma.contest.findUnique({
    where: { id: contestId },
    select: {
      id: true,
      title: true,
      slug: true,
      anonymous: true,
      timeZone: true,
      judgingOpen: true,
      judgingClose: true,
    },
  });
}

/** Every judge, oldest role first (inside a transaction when one is given). */
async function allJudgeIds(db: Pick<typeof prisma, "userRole"> = prisma) {
  const rows = await db.userRole.findMany({
    where: { role: "judge" },
    select: { userId: true },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  return rows.map((r) => r.userId);
}

/** 'Pre-Assign All Judges': a contest-wide row for every judge; existing rows are kept. */
export async function preAssignAll(contestId: string) {
  const judges = await allJudgeIds();
  if (judges.length === 0) return { ok: false as const, error: "No judges available" };
  const existing = await prisma.judgeAssignment.findMany({
    where: { contestId, submissionId: null },
    select: { judgeId: true },
  });
  const have = new Set(existing.map((e) => e.judgeId));
  const rows = judges
    .filter((j) => !have.has(j))
    .map((judgeId) => ({ contestId, judgeId, submissionId: null }));
  if (rows.length) await prisma.judgeAssignment.createMany({ data: rows });
  return { ok: true as const, created: rows.length };
}

/**
 * 'Auto-Assign to Submissions'. Judges come from the contest-wide pre-assignments (those still
 * judges), otherwise all judges. The pairs come from the pure autoAssign().
 */
export async function runAutoAssign(contestId: string, judgesPerSubmission: number) {
  return prisma.$transaction(
    async (tx) => {
      const pre = await tx.judgeAssignment.findMany({
        where: { contestId, submissionId: null, judge: { roles: { some: { role: "judge" } } } },
        select: { judgeId: true },
        orderBy: [{ createdAt: "asc" }, { judgeId: "asc" }],
      });
      const judgeIds = pre.length ? pre.map((p) => p.judgeId) : await allJudgeIds(tx);
      if (judgeIds.length === 0) return { ok: false as const, error: "No judges available" };
      const entries = await tx.submission.findMany({
        where: { contestId, status: "submitted" },
        select: { id: true, entrantId: true, status: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      if (entries.length === 0) return { ok: false as const, error: "No submissions to assign" };
      const existing = await tx.judgeAssignment.findMany({
        where: { contestId, submissionId: { not: null } },
        select: { judgeId: true, submissionId: true },
      });
      const pairs = autoAssign({
        judgeIds,
        entries,
        existing: existing.map((e) => ({ judgeId: e.judgeId, submissionId: e.submissionId! })),
        judgesPerSubmission,
      });
      for (let i = 0; i < pairs.length; i += 500) {
        await tx.judgeAssignment.createMany({
          data: pairs.slice(i, i + 500).map((p) => ({ contestId, ...p })),
        });
      }
      return { ok: true as const, created: pairs.length };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

export async function listAssignments(contestId: string, page = 1) {
  const where = { contestId };
  const { rows, total } = await readPage(
    page,
    PAGE_SIZE,
    (window) =>
      prisma.judgeAssignment.findMany({
        where,
        select: {
          id: true,
          submissionId: true,
          judge: { select: { email: true, displayName: true } },
          submission: { select: { title: true } },
          score: { select: { submittedAt: true } },
        },
        orderBy: [
          { submissionId: { sort: "asc", nulls: "first" } },
          { createdAt: "asc" },
          { id: "asc" },
        ],
        ...window,
      }),
    () => prisma.judgeAssignment.count({ where }),
  );
  return { rows, total };
}

// ---------------------------------------------------------------- judge queue and review

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
 * The entry's file for the judge who is assigned to it, under a neutral name. "not-found" when
 * the entry is not this judge's or has no file; "unavailable" when storage cannot deliver it.
 */
export async function judgeFile(judgeId: string, submissionId: string) {
  const a = await prisma.judgeAssignment.findFirst({
    where: { judgeId, submissionId, submission: { status: "submitted" } },
    select: { submission: { select: { id: true, filePath: true, fileType: true } } },
  });
  const sub = a?.submission;
  if (!sub?.filePath) return { status: "not-found" as const };
  const object = await getStorage()
    .get(sub.filePath)
    .catch((error: unknown) => {
      console.error(`[judging] could not read the file of submission ${sub.id}`, error);
      return null;
    });
  if (!object) return { status: "unavailable" as const };
  return {
    status: "ok" as const,
    body: object.body,
    size: object.size,
    contentType: sub.fileType || object.contentType || "application/octet-stream",
    name: neutralFileName(sub.id, sub.filePath),
  };
}

// ---------------------------------------------------------------- ranking

export type RankingMode = "raw" | "z";
export type RankingRow = {
  id: string;
  title: string;
  assigned: number;
  scored: number;
  average: number | null;
  raw: number | null;
  rank: number | null;
};

type RawRankingRow = {
  id: string;
  title: string;
  assigned: bigint | number;
  scored: bigint | number;
  average: number | null;
  raw: number | null;
  rank: bigint | number | null;
};

const num = (v: bigint | number | null) => (v === null ? null : Number(v));

function toRow(r: RawRankingRow): RankingRow {
  return {
    id: r.id,
    title: r.title,
    assigned: Number(r.assigned),
    scored: Number(r.scored),
    average: r.average === null ? null : round2(Number(r.average)),
    raw: r.raw === null ? null : round2(Number(r.raw)),
    rank: num(r.rank),
  };
}

/**
 * The ranking, computed in SQL: for each submitted entry the average of its judges' submitted
 * totals (two decimals), the number of scores in and of judges assigned; descending, ties share
 * a rank (RANK() over the two-decimal average). Entries without a score come last, unranked.
 * Mode "z" averages each judge's standardised totals instead (population standard deviation
 * per judge; a judge with fewer than two scores or no spread keeps raw totals), raw beside.
 */
export async function ranking(
  contestId: string,
  opts: { mode?: RankingMode; take?: number; skip?: number } = {},
) {
  const take = opts.take ?? PAGE_SIZE;
  const skip = opts.skip ?? 0;
  // agg: per entry, the value ranked on (val), the raw average (raw) and the number of scores (n).
  const agg =
    opts.mode === "z"
      ? Prisma.sql`
          sc AS (
            SELECT sc."submissionId" AS sid, sc."judgeId" AS jid, sc."total" AS total
            ${submittedScores(contestId)}
          ),
          jm AS (SELECT jid, AVG(total) AS m, COUNT(*) AS n FROM sc GROUP BY jid),
          js AS (
            SELECT jm.jid, jm.m, jm.n, AVG((sc.total - jm.m) * (sc.total - jm.m)) AS var
            FROM jm JOIN sc ON sc.jid = jm.jid GROUP BY jm.jid
          ),
          agg AS (
            SELECT sc.sid,
              AVG(CASE WHEN js.n >= 2 AND js.var > 1e-9 THEN (sc.total - js.m) / SQRT(js.var) ELSE sc.total END) AS val,
              AVG(sc.total) AS raw, COUNT(*) AS n
            FROM sc JOIN js ON js.jid = sc.jid GROUP BY sc.sid
          )`
      : Prisma.sql`
          agg AS (
            SELECT sc."submissionId" AS sid, AVG(sc."total") AS val, AVG(sc."total") AS raw, COUNT(*) AS n
            ${submittedScores(contestId)}
            GROUP BY sc."submissionId"
          )`;
  const rows = await prisma.$queryRaw<RawRankingRow[]>`
    WITH ${agg},
    asg AS (
      SELECT "submissionId" AS sid, COUNT(*) AS n FROM "JudgeAssignment"
      WHERE "contestId" = ${contestId} AND "submissionId" IS NOT NULL GROUP BY "submissionId"
    ),
    ranked AS (
      SELECT s."id" AS id, s."title" AS title, s."createdAt" AS createdAt,
        COALESCE(asg.n, 0) AS assigned, COALESCE(agg.n, 0) AS scored,
        ROUND(agg.val, 2) AS average, ROUND(agg.raw, 2) AS raw,
        CASE WHEN agg.val IS NULL THEN NULL ELSE RANK() OVER (ORDER BY ROUND(agg.val, 2) DESC NULLS LAST) END AS rank
      FROM "Submission" s LEFT JOIN agg ON agg.sid = s."id" LEFT JOIN asg ON asg.sid = s."id"
      WHERE s."contestId" = ${contestId} AND s."status" = 'submitted'
    )
    SELECT id, title, assigned, scored, average, raw, rank FROM ranked
    ORDER BY average IS NULL, average DESC, createdAt ASC, id ASC
    LIMIT ${take} OFFSET ${skip}`;
  return rows.map(toRow);
}

/** FROM/WHERE for the submitted scores of a contest's submitted entries (alias sc, entry s). */
function submittedScores(contestId: string) {
  return Prisma.sql`FROM "Score" sc JOIN "Submission" s ON s."id" = sc."submissionId"
    WHERE s."contestId" = ${contestId} AND s."status" = 'submitted' AND sc."submittedAt" IS NOT NULL`;
}

/** Counts for the scoring page: submitted entries, and how many have at least one submitted score. */
export async function rankingCounts(contestId: string) {
  const [entries, scoredRows] = await Promise.all([
    prisma.submission.count({ where: { contestId, status: "submitted" } }),
    prisma.$queryRaw<{ n: bigint | number }[]>`
      SELECT COUNT(DISTINCT sc."submissionId") AS n ${submittedScores(contestId)}`,
  ]);
  return { entries, scored: Number(scoredRows[0]?.n ?? 0) };
}

/** Entrant names of a contest's submitted entries (admins only: the CSV export). */
export async function entrantsForContest(contestId: string) {
  const rows = await prisma.submission.findMany({
    where: { contestId, status: "submitted" },
    select: { id: true, entrant: { select: { displayName: true, email: true } } },
  });
  return new Map(rows.map((r) => [r.id, r.entrant]));
}

/** The admin's per-entry view: every judge's criterion scores and comments. */
export async function entryScores(submissionId: string) {
  const submission = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      title: true,
      status: true,
      wordCount: true,
      contest: { select: { id: true, title: true } },
      entrant: { select: { displayName: true, email: true } },
      assignments: {
        select: {
          id: true,
          judge: { select: { email: true, displayName: true } },
          score: {
            select: {
              scores: true,
              comment: true,
              total: true,
              submittedAt: true,
              rubric: { select: { name: true, criteria: true } },
            },
          },
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!submission) return null;
  const judges = submission.assignments.map((a) => ({
    id: a.id,
    judge: a.judge,
    score: a.score
      ? {
          total: a.score.total,
          submitted: Boolean(a.score.submittedAt),
          comment: a.score.comment,
          rubricName: a.score.rubric.name,
          criteria: parseCriteria(a.score.rubric.criteria).map((c) => ({
            key: c.key,
            label: c.label,
            maxPoints: c.maxPoints,
            weight: c.weight,
            value: parseScores(a.score!.scores)[c.key] ?? 0,
          })),
        }
      : null,
  }));
  const submitted = judges.filter((j) => j.score?.submitted).map((j) => j.score!.total);
  return {
    submission: { ...submission, assignments: undefined },
    judges,
    average: submitted.length
      ? round2(submitted.reduce((a, b) => a + b, 0) / submitted.length)
      : null,
  };
}
