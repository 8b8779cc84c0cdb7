/**
 * Assignment control, the read side and "Nudge" (docs/decisions/0033-judging-panel.md): the
 * contest's judges with their load and progress (assigned, scored, overdue), the contest's
 * assignments paged in SQL with a title search, and the choices offered for a swap or an added
 * judge (only `candidatesFor`: eligible panel judges, least loaded first). The hand changes
 * themselves are in assignment-changes.server.ts.
 */
import { JudgeNudgeEmail, judgeNudgeSubject } from "~/emails/judge-nudge";
import { publishedJudgingWindow } from "~/features/contests/contest-snapshot";
import { formatDateTime } from "~/utils/dates";
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { sendEmail, siteUrl } from "~/utils/email.server";
import {
  canNudge,
  judgeProgress,
  nextNudgeAt,
  overdueFrom,
  panelStatusLabel,
  type RoundCount,
} from "./assignment-control";
import { candidatesFor } from "./replacement.server";

type Tx = Prisma.TransactionClient;
type Db = Tx | typeof prisma;
type Int = bigint | number;

export const CONTROL_PAGE_SIZE = 50;

/** A refused hand change or nudge, shown to the admin as it is. */
export class AssignmentRefused extends DomainError {}

/**
 * Each judging round's window in the contest: its JudgingRound row's, or (a contest of one round)
 * the contest's published judging dates; with the contest's reminder lead.
 */
export async function roundWindows(db: Db, contestId: string) {
  const contest = await db.contest.findUnique({
    where: { id: contestId },
    select: {
      title: true,
      timeZone: true,
      remindLeadHours: true,
      isPublished: true,
      publishedSnapshot: true,
      judgingOpen: true,
      judgingClose: true,
    },
  });
  if (!contest) return null;
  const rounds = await db.judgingRound.findMany({
    where: { contestId },
    select: { number: true, judgingOpen: true, judgingClose: true },
  });
  const byRound = new Map(rounds.map((r) => [r.number, r]));
  const base = publishedJudgingWindow(contest);
  const window = (round: number) => byRound.get(round) ?? base;
  return {
    title: contest.title,
    timeZone: contest.timeZone,
    window,
    overdueAt: (round: number) =>
      overdueFrom({ ...window(round), remindLeadHours: contest.remindLeadHours }),
  };
}

/** Each judge's assignments per round in the contest (submitted entries only), counted in SQL. */
async function roundCounts(db: Db, contestId: string, judgeId?: string): Promise<RoundCount[]> {
  const one = judgeId ? Prisma.sql`AND a."judgeId" = ${judgeId}` : Prisma.empty;
  const rows = await db.$queryRaw<
    { judgeId: string; round: Int; assigned: Int; scored: Int | null; unscored: Int | null }[]
  >`
    SELECT a."judgeId" AS "judgeId", a."round" AS "round", COUNT(*) AS "assigned",
      SUM(CASE WHEN sc."submittedAt" IS NOT NULL THEN 1 ELSE 0 END) AS "scored",
      SUM(CASE WHEN sc."submittedAt" IS NULL AND a."releasedAt" IS NULL THEN 1 ELSE 0 END) AS "unscored"
    FROM "JudgeAssignment" a
    JOIN "Submission" s ON s."id" = a."submissionId" AND s."status" = 'submitted'
    LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
    WHERE a."contestId" = ${contestId} AND a."submissionId" IS NOT NULL ${one}
    GROUP BY a."judgeId", a."round"`;
  return rows.map((r) => ({
    judgeId: r.judgeId,
    round: fromSql.int(r.round),
    assigned: fromSql.int(r.assigned),
    scored: fromSql.int(r.scored),
    unscored: fromSql.int(r.unscored),
  }));
}

/**
 * The judges table: every panel member (any status) and anyone else holding assignments in the
 * contest, with capacity, assigned (released ones too: the judge read them), scored, overdue
 * (unscored entries of a round whose reminder moment has passed, see `overdueFrom`) and when the
 * next nudge is possible.
 */
export async function contestJudges(contestId: string, now = new Date()) {
  const windows = await roundWindows(prisma, contestId);
  if (!windows) return [];
  const [members, counts] = await Promise.all([
    prisma.panelMember.findMany({
      where: { contestId },
      select: {
        judgeId: true,
        status: true,
        capacity: true,
        nudgedAt: true,
        judge: { select: { displayName: true, email: true } },
      },
      orderBy: [{ createdAt: "asc" }, { judgeId: "asc" }],
    }),
    roundCounts(prisma, contestId),
  ]);
  const progress = judgeProgress(counts, windows.overdueAt, now);
  const seated = new Set(members.map((m) => m.judgeId));
  const others = [...progress.keys()].filter((id) => !seated.has(id));
  const outsiders = others.length
    ? await prisma.user.findMany({
        where: { id: { in: others } },
        select: { id: true, displayName: true, email: true },
        orderBy: [{ displayName: "asc" }, { id: "asc" }],
      })
    : [];
  const rows = [
    ...members.map((m) => ({ ...m, name: m.judge.displayName, email: m.judge.email })),
    ...outsiders.map((u) => ({
      judgeId: u.id,
      status: null,
      capacity: null,
      nudgedAt: null,
      name: u.displayName,
      email: u.email,
    })),
  ];
  return rows.map((r) => {
    const p = progress.get(r.judgeId) ?? { assigned: 0, scored: 0, unscored: 0, overdue: 0 };
    const next = nextNudgeAt(r.nudgedAt);
    return {
      judgeId: r.judgeId,
      name: r.name,
      email: r.email,
      status: panelStatusLabel(r.status),
      onPanel: r.status !== null,
      /** An accepted member: a contest-wide row of the Assignments page (ADR 0051). */
      accepted: r.status === "accepted",
      capacity: r.capacity,
      assigned: p.assigned,
      scored: p.scored,
      unscored: p.unscored,
      overdue: p.overdue,
      /** Null when a nudge is possible now. */
      nextNudge: next && !canNudge(r.nudgedAt, now) ? formatDateTime(next, windows.timeZone) : null,
    };
  });
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the contest's assignments (to entries), grouped by entry, with an optional search in
 * the entry's title. No story text is read.
 */
export async function controlAssignments(contestId: string, page = 1, search = "") {
  const q = search.trim();
  const where = q
    ? Prisma.sql`AND LOWER(s."title") LIKE ${likePattern(q)} ESCAPE '\\'`
    : Prisma.empty;
  const skip = (page - 1) * CONTROL_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    prisma.$queryRaw<
      {
        id: string;
        submissionId: string;
        title: string;
        round: Int;
        releasedAt: Date | string | null;
        judgeId: string;
        judgeName: string;
        judgeEmail: string;
        submittedAt: Date | string | null;
      }[]
    >`
      SELECT a."id" AS "id", a."submissionId" AS "submissionId", s."title" AS "title",
        a."round" AS "round", a."releasedAt" AS "releasedAt", a."judgeId" AS "judgeId",
        u."displayName" AS "judgeName", u."email" AS "judgeEmail", sc."submittedAt" AS "submittedAt"
      FROM "JudgeAssignment" a
      JOIN "Submission" s ON s."id" = a."submissionId"
      JOIN "User" u ON u."id" = a."judgeId"
      LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
      WHERE a."contestId" = ${contestId} AND a."submissionId" IS NOT NULL ${where}
      ORDER BY s."createdAt" ASC, s."id" ASC, a."round" ASC, a."createdAt" ASC, a."id" ASC
      LIMIT ${CONTROL_PAGE_SIZE} OFFSET ${skip}`,
    prisma.$queryRaw<{ n: Int }[]>`
      SELECT COUNT(*) AS "n" FROM "JudgeAssignment" a
      JOIN "Submission" s ON s."id" = a."submissionId"
      WHERE a."contestId" = ${contestId} AND a."submissionId" IS NOT NULL ${where}`,
  ]);
  return {
    total: fromSql.int(count?.n),
    rows: rows.map((r) => ({
      id: r.id,
      submissionId: r.submissionId,
      title: r.title,
      round: fromSql.int(r.round),
      judgeId: r.judgeId,
      judgeName: r.judgeName,
      judgeEmail: r.judgeEmail,
      state: (r.releasedAt !== null
        ? "released"
        : r.submittedAt !== null
          ? "scored"
          : "pending") as "released" | "scored" | "pending",
    })),
  };
}

/** Candidates with their names, for the swap and add forms. */
async function named(tx: Tx, list: { judgeId: string; load: number }[]) {
  const users = await tx.user.findMany({
    where: { id: { in: list.map((c) => c.judgeId) } },
    select: { id: true, displayName: true },
  });
  const name = new Map(users.map((u) => [u.id, u.displayName]));
  return list.map((c) => ({ ...c, name: name.get(c.judgeId) ?? "" }));
}

/** What "Swap" offers for one assignment: the entry, the judge leaving, and who could take it. */
export async function swapChoices(contestId: string, assignmentId: string) {
  return prisma.$transaction(async (tx) => {
    const a = await tx.judgeAssignment.findFirst({
      where: { id: assignmentId, contestId, submissionId: { not: null }, releasedAt: null },
      select: {
        id: true,
        round: true,
        judgeId: true,
        submissionId: true,
        judge: { select: { displayName: true } },
        submission: { select: { title: true } },
        score: { select: { submittedAt: true } },
      },
    });
    if (!a?.submissionId || a.score?.submittedAt) return null;
    const list = await candidatesFor(tx, contestId, a.submissionId, a.round, [a.judgeId]);
    return {
      assignmentId: a.id,
      title: a.submission?.title ?? "",
      judgeName: a.judge.displayName,
      candidates: await named(tx, list ?? []),
    };
  });
}

/**
 * The round a new judge for the entry joins: `current` (the contest's current round) when the
 * entry went on into it, else the entry's latest round so far, else `current`
 * (docs/decisions/0032-divisions-and-rounds.md).
 */
export async function entryRound(db: Db, contestId: string, submissionId: string, current: number) {
  const top = await db.judgeAssignment.findFirst({
    where: { contestId, submissionId },
    select: { round: true },
    orderBy: { round: "desc" },
  });
  if (!top || top.round >= current) return top?.round ?? current;
  const advanced = await db.advancement.findUnique({
    where: { contestId_round_submissionId: { contestId, round: current, submissionId } },
    select: { round: true },
  });
  return advanced ? current : top.round;
}

/** What "Add a judge" offers for one entry: who could take it, least loaded first. */
export async function addChoices(contestId: string, submissionId: string, fallbackRound: number) {
  return prisma.$transaction(async (tx) => {
    const entry = await tx.submission.findFirst({
      where: { id: submissionId, contestId, status: "submitted" },
      select: { id: true, title: true },
    });
    if (!entry) return null;
    const round = await entryRound(tx, contestId, entry.id, fallbackRound);
    const list = await candidatesFor(tx, contestId, entry.id, round);
    return { submissionId: entry.id, title: entry.title, candidates: await named(tx, list ?? []) };
  });
}

/**
 * "Nudge": e-mails one panel judge their count of unscored entries in the contest with a link to
 * their queue, at most once a day per judge and contest. The check and the stamp (nudgedAt) are
 * one transaction with a compare-and-set, so two clicks at once send one e-mail; a failed send
 * gives the stamp back.
 */
export async function nudgeJudge(contestId: string, judgeId: string, now = new Date()) {
  const claim = await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const windows = await roundWindows(tx, contestId);
      const member = await tx.panelMember.findUnique({
        where: { contestId_judgeId: { contestId, judgeId } },
        select: { id: true, nudgedAt: true, judge: { select: { displayName: true, email: true } } },
      });
      if (!windows || !member)
        throw new AssignmentRefused("This judge is not on the contest's panel.");
      const name = member.judge.displayName;
      if (!canNudge(member.nudgedAt, now)) {
        const next = formatDateTime(nextNudgeAt(member.nudgedAt)!, windows.timeZone);
        throw new AssignmentRefused(
          `${name} was nudged less than a day ago. The next nudge is possible after ${next}.`,
        );
      }
      const counts = (await roundCounts(tx, contestId, judgeId)).filter((c) => c.unscored > 0);
      const count = counts.reduce((n, c) => n + c.unscored, 0);
      if (count === 0) throw new AssignmentRefused(`${name} has nothing left to score.`);
      const { count: stamped } = await tx.panelMember.updateMany({
        where: { id: member.id, nudgedAt: member.nudgedAt },
        data: { nudgedAt: now },
      });
      if (stamped !== 1) throw new AssignmentRefused(`${name} was nudged a moment ago.`);
      const due = Math.min(...counts.map((c) => windows.window(c.round).judgingClose.getTime()));
      return {
        memberId: member.id,
        previous: member.nudgedAt,
        name,
        email: member.judge.email,
        count,
        contestTitle: windows.title,
        dueAt: formatDateTime(new Date(due), windows.timeZone),
      };
    }),
  );
  const sent = await sendEmail({
    to: claim.email,
    subject: judgeNudgeSubject(claim.count, claim.contestTitle),
    template: "judge-nudge",
    react: JudgeNudgeEmail({
      name: claim.name,
      contestTitle: claim.contestTitle,
      count: claim.count,
      dueAt: claim.dueAt,
      url: siteUrl("/judge"),
    }),
  });
  if (!sent.ok) {
    await prisma.panelMember.updateMany({
      where: { id: claim.memberId, nudgedAt: now },
      data: { nudgedAt: claim.previous },
    });
    throw new AssignmentRefused("The e-mail could not be sent. Please try again later.");
  }
  return { name: claim.name, count: claim.count };
}
