/**
 * Answering a panel invitation (docs/decisions/0033-judging-panel.md): through the e-mailed
 * one-time link (an account that can sign in must be signed in as itself; a new account chooses
 * its password there, the link being the credential, as the set-password link is), or from /judge,
 * where the session proves who the judge is. Accepting records the judge's declared schools as
 * "school" conflicts for every contest (contestId null, source "judge").
 */
import { hashPassword } from "~/features/accounts/auth.server";
import { findToken, redeemToken, TOKEN_TYPES } from "~/features/accounts/one-time-tokens.server";
import { publishedDates } from "~/features/contests/contest-snapshot";
import { fromSql, prisma, withBusyRetry, type Prisma } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { DomainError } from "~/utils/domain-error";
import { normalSchoolName } from "./constraints.server";
import { DECLARED_NOTE, tidySchoolName } from "./declarations";

/** A refused answer to a panel invitation (shown as it is). */
export class PanelInvitationRefused extends DomainError {}

export const PANEL_LINK_DEAD = "This invitation has expired or was already used.";

export type Declarations = { ownSchool: string; workWith: string[] };

const contestSelect = {
  id: true,
  title: true,
  timeZone: true,
  isPublished: true,
  publishedSnapshot: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
} as const;

function contestView(c: Prisma.ContestGetPayload<{ select: typeof contestSelect }>) {
  const dates = publishedDates(c);
  return {
    id: c.id,
    title: c.title,
    timeZone: c.timeZone,
    judgingOpen: dates.judgingOpen,
    judgingClose: dates.judgingClose,
  };
}

/** The invitation behind a live link (the member still invited), or null. */
export async function findPanelInvitation(token: string, now = new Date()) {
  const link = await findToken(TOKEN_TYPES.panelInvite, token, now);
  if (!link?.target) return null;
  const member = await prisma.panelMember.findUnique({
    where: { contestId_judgeId: { contestId: link.target, judgeId: link.userId } },
    select: {
      status: true,
      contest: { select: contestSelect },
      judge: {
        select: {
          email: true,
          password: { select: { userId: true } },
          connections: { select: { id: true }, take: 1 },
        },
      },
    },
  });
  if (member?.status !== "invited") return null;
  return {
    userId: link.userId,
    email: member.judge.email,
    contest: contestView(member.contest),
    /** A new account: it chooses its password on the invitation page. */
    needsPassword: !member.judge.password && member.judge.connections.length === 0,
  };
}

/**
 * Answers through the link. An account that can sign in must be the signed-in one; a new account
 * gives a password to accept. The link works once (redeemToken, also under a race).
 */
export async function answerPanelInvitation(input: {
  token: string;
  signedInUserId: string | null;
  accept: boolean;
  password?: string;
  declarations: Declarations;
  now?: Date;
}) {
  const now = input.now ?? new Date();
  const found = await findPanelInvitation(input.token, now);
  if (!found) throw new PanelInvitationRefused(PANEL_LINK_DEAD);
  if (!found.needsPassword && input.signedInUserId !== found.userId)
    throw new PanelInvitationRefused(
      `This invitation is for ${found.email}. Sign out, then sign in with that account to answer it.`,
    );
  if (found.needsPassword && input.accept && !input.password)
    throw new PanelInvitationRefused("Choose a password to accept.", "password");
  const hash = found.needsPassword && input.accept ? await hashPassword(input.password!) : null;
  const link = await redeemToken(TOKEN_TYPES.panelInvite, input.token, now);
  if (!link) throw new PanelInvitationRefused(PANEL_LINK_DEAD);
  if (hash)
    await prisma.password.upsert({
      where: { userId: found.userId },
      update: { hash },
      create: { userId: found.userId, hash },
    });
  await answerPanel(found.contest.id, found.userId, input.accept, input.declarations, now);
  return { email: found.email, contestTitle: found.contest.title, newAccount: found.needsPassword };
}

/**
 * Accepts or declines an invitation to one contest's panel as `judgeId` (the /judge page: the
 * session is the proof). Accepting gives the judge role (an existing account invited by address
 * becomes a judge only now) and saves the declarations. Any unused link to it stops working.
 */
export async function answerPanel(
  contestId: string,
  judgeId: string,
  accept: boolean,
  declarations: Declarations,
  now = new Date(),
) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const { count } = await tx.panelMember.updateMany({
        where: { contestId, judgeId, status: "invited" },
        data: { status: accept ? "accepted" : "declined", respondedAt: now },
      });
      if (count === 0)
        throw new PanelInvitationRefused("This invitation was already answered or withdrawn.");
      await tx.verification.deleteMany({
        where: { userId: judgeId, type: TOKEN_TYPES.panelInvite, target: contestId, usedAt: null },
      });
      if (!accept) return;
      await tx.userRole.upsert({
        where: { userId_role: { userId: judgeId, role: "judge" } },
        update: {},
        create: { userId: judgeId, role: "judge" },
      });
      await saveDeclarations(tx, judgeId, declarations);
    }),
  );
}

/**
 * Replaces the judge's declared schools. A name matching exactly one school (letter case and
 * spaces aside) is kept as that school; otherwise as the name, which covers every school of that
 * name (constraints.server.ts).
 */
async function saveDeclarations(
  tx: Prisma.TransactionClient,
  judgeId: string,
  { ownSchool, workWith }: Declarations,
) {
  const wanted = [
    ...(tidySchoolName(ownSchool)
      ? [{ name: tidySchoolName(ownSchool), note: DECLARED_NOTE.own }]
      : []),
    ...workWith.map((name) => ({ name: tidySchoolName(name), note: DECLARED_NOTE.workWith })),
  ].filter((w) => w.name);
  await tx.conflict.deleteMany({
    where: { judgeId, source: "judge", kind: "school", contestId: null },
  });
  if (wanted.length === 0) return;
  const keys = new Set(wanted.map((w) => normalSchoolName(w.name)));
  const byName = new Map<string, string[]>();
  for (const s of await tx.school.findMany({ select: { id: true, name: true } })) {
    const key = normalSchoolName(s.name);
    if (keys.has(key)) byName.set(key, [...(byName.get(key) ?? []), s.id]);
  }
  await tx.conflict.createMany({
    data: wanted.map((w) => {
      const ids = byName.get(normalSchoolName(w.name)) ?? [];
      return {
        judgeId,
        contestId: null,
        kind: "school",
        source: "judge",
        schoolId: ids.length === 1 ? ids[0] : null,
        schoolName: ids.length === 1 ? null : w.name,
        note: w.note,
        createdById: judgeId,
      };
    }),
  });
}

/** The judge's declarations as the form shows them again. */
export async function judgeDeclarations(judgeId: string) {
  const rows = await prisma.conflict.findMany({
    where: { judgeId, source: "judge", kind: "school", contestId: null },
    select: { note: true, schoolName: true, school: { select: { name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const name = (r: (typeof rows)[number] | undefined) => r?.school?.name ?? r?.schoolName ?? "";
  return {
    ownSchool: name(rows.find((r) => r.note === DECLARED_NOTE.own)),
    workWith: rows
      .filter((r) => r.note !== DECLARED_NOTE.own)
      .map(name)
      .filter(Boolean)
      .join("\n"),
  };
}

/** The signed-in judge's invitations still waiting for an answer, newest first. */
export async function pendingPanelInvitations(judgeId: string) {
  const rows = await prisma.panelMember.findMany({
    where: { judgeId, status: "invited" },
    select: { contest: { select: contestSelect } },
    orderBy: [{ invitedAt: "desc" }, { id: "asc" }],
    take: 20,
  });
  return rows.map((r) => contestView(r.contest));
}

/**
 * The queue's panel contests in one statement: pending invitations, and the contests where the
 * judge (accepted, in the round's pool when it has one) has a comparison round not yet closed, for
 * the link to the comparison desk (docs/decisions/0056-comparison-rounds.md).
 */
export async function judgePanelContests(judgeId: string, now = new Date()) {
  // One raw statement with its contests (Prisma sent two: docs/decisions/0075-signed-in-request-cpu.md),
  // read without Prisma's client on SQLite (ADR 0079).
  const rows = await readRows<{
    status: string;
    id: string;
    title: string;
    timeZone: string;
    isPublished: boolean | number | bigint;
    publishedSnapshot: string | null;
    submissionsOpen: Date | string;
    submissionsClose: Date | string;
    judgingOpen: Date | string;
    judgingClose: Date | string;
    resultsAt: Date | string;
  }>`
    SELECT m."status" AS "status", c."id" AS "id", c."title" AS "title",
      c."timeZone" AS "timeZone", c."isPublished" AS "isPublished",
      c."publishedSnapshot" AS "publishedSnapshot", c."submissionsOpen" AS "submissionsOpen",
      c."submissionsClose" AS "submissionsClose", c."judgingOpen" AS "judgingOpen",
      c."judgingClose" AS "judgingClose", c."resultsAt" AS "resultsAt"
    FROM "PanelMember" m JOIN "Contest" c ON c."id" = m."contestId"
    WHERE m."judgeId" = ${judgeId} AND (m."status" = 'invited' OR (m."status" = 'accepted'
      AND EXISTS (SELECT 1 FROM "JudgingRound" r WHERE r."contestId" = m."contestId"
        AND r."method" = 'comparison' AND r."judgingClose" > ${now}
        AND (NOT EXISTS (SELECT 1 FROM "RoundJudge" p WHERE p."roundId" = r."id")
          OR EXISTS (SELECT 1 FROM "RoundJudge" p WHERE p."roundId" = r."id"
            AND p."judgeId" = ${judgeId})))))
    ORDER BY m."invitedAt" DESC, m."id" ASC LIMIT 40`;
  const view = (r: (typeof rows)[number]) =>
    contestView({
      id: r.id,
      title: r.title,
      timeZone: r.timeZone,
      isPublished: fromSql.bool(r.isPublished),
      publishedSnapshot: r.publishedSnapshot,
      submissionsOpen: fromSql.date(r.submissionsOpen),
      submissionsClose: fromSql.date(r.submissionsClose),
      judgingOpen: fromSql.date(r.judgingOpen),
      judgingClose: fromSql.date(r.judgingClose),
      resultsAt: fromSql.date(r.resultsAt),
    });
  return {
    invitations: rows.filter((r) => r.status === "invited").map(view),
    // The desk's link needs the contest's id and title only: its snapshot is not read
    // (docs/decisions/0081-judge-queue-cpu.md).
    comparing: rows
      .filter((r) => r.status === "accepted")
      .map((r) => ({ id: r.id, title: r.title })),
  };
}
