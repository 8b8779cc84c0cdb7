/**
 * A contest's panel (docs/decisions/0033-judging-panel.md): the judges invited to it, their
 * answers, capacities and divisions. Invitations go to site judges picked from a list, to every
 * site judge at once, or to a new address (an account is made the way Add Judge makes one, with
 * the judge role pending its password). Each invitation e-mails a one-time link (7 days) to
 * /panel-invitation/:token; accepting is in panel-invitation.server.ts.
 */
import { PanelInviteEmail } from "~/emails/panel-invite";
import { DAY, issueToken, TOKEN_TYPES } from "~/features/accounts/one-time-tokens.server";
import { isUniqueViolation, prisma, withBusyRetry, type Prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { sendEmail, siteUrl } from "~/utils/email.server";
import type { PanelStatus } from "./panel-rules";

/** A refused panel change (shown as it is). */
export class PanelRefused extends DomainError {}

export const PANEL_INVITE_DAYS = 7;

/** The most site judges the "invite" picker lists. */
const PICKER_LIMIT = 500;

const live = { status: "submitted" as const };

/**
 * The panel with each member's standing, capacity, divisions and their assigned and scored
 * entries in this contest: one member query, two grouped counts and one division read.
 */
export async function panelMembers(contestId: string) {
  const rows = await prisma.panelMember.findMany({
    where: { contestId },
    select: {
      judgeId: true,
      status: true,
      capacity: true,
      invitedAt: true,
      respondedAt: true,
      judge: {
        select: {
          email: true,
          displayName: true,
          password: { select: { userId: true } },
          connections: { select: { id: true }, take: 1 },
        },
      },
    },
    orderBy: [{ createdAt: "asc" }, { judgeId: "asc" }],
  });
  const ids = rows.map((r) => r.judgeId);
  const [assigned, scored, divisions] = ids.length
    ? await Promise.all([
        prisma.judgeAssignment.groupBy({
          by: ["judgeId"],
          where: {
            contestId,
            judgeId: { in: ids },
            submissionId: { not: null },
            releasedAt: null,
            submission: live,
          },
          _count: { _all: true },
        }),
        prisma.score.groupBy({
          by: ["judgeId"],
          where: {
            judgeId: { in: ids },
            submittedAt: { not: null },
            submission: { ...live, contestId },
          },
          _count: { _all: true },
        }),
        prisma.judgeDivision.findMany({
          where: { judgeId: { in: ids }, division: { contestId } },
          select: { judgeId: true, divisionId: true },
        }),
      ])
    : [[], [], []];
  const count = (list: { judgeId: string; _count: { _all: number } }[]) =>
    new Map(list.map((g) => [g.judgeId, g._count._all]));
  const assignedBy = count(assigned);
  const scoredBy = count(scored);
  return rows.map((r) => ({
    judgeId: r.judgeId,
    email: r.judge.email,
    displayName: r.judge.displayName,
    status: r.status as PanelStatus,
    /** The account can sign in (a password or Google): a new one has not set its password yet. */
    active: Boolean(r.judge.password) || r.judge.connections.length > 0,
    capacity: r.capacity,
    invitedAt: r.invitedAt,
    respondedAt: r.respondedAt,
    divisionIds: divisions.filter((d) => d.judgeId === r.judgeId).map((d) => d.divisionId),
    assigned: assignedBy.get(r.judgeId) ?? 0,
    scored: scoredBy.get(r.judgeId) ?? 0,
  }));
}

/** Site judges (holding the judge role) not on this contest's panel, by name. */
export function judgesOffPanel(contestId: string) {
  return prisma.user.findMany({
    where: { roles: { some: { role: "judge" } }, panels: { none: { contestId } } },
    select: { id: true, email: true, displayName: true },
    orderBy: [{ displayName: "asc" }, { email: "asc" }],
    take: PICKER_LIMIT,
  });
}

type Invitee = {
  id: string;
  email: string;
  displayName: string;
  password: { userId: string } | null;
  connections: { id: string }[];
};

const inviteeSelect = {
  id: true,
  email: true,
  displayName: true,
  password: { select: { userId: true } },
  connections: { select: { id: true }, take: 1 },
} as const;

async function contestTitle(contestId: string) {
  const contest = await prisma.contest.findUnique({
    where: { id: contestId },
    select: { title: true },
  });
  if (!contest) throw new PanelRefused("Contest not found");
  return contest.title;
}

/**
 * Seats `user` as invited (a new member, or one who declined: asked again; one still invited gets a
 * fresh link) and e-mails the link. Returns false for a member who already accepted.
 */
async function invite(contestId: string, title: string, user: Invitee, invitedById: string | null) {
  const now = new Date();
  const seated = await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const member = await tx.panelMember.findUnique({
        where: { contestId_judgeId: { contestId, judgeId: user.id } },
        select: { status: true },
      });
      if (member?.status === "accepted") return false;
      if (member)
        await tx.panelMember.update({
          where: { contestId_judgeId: { contestId, judgeId: user.id } },
          data: { status: "invited", invitedAt: now, invitedById, respondedAt: null },
        });
      else
        await tx.panelMember.create({
          data: { contestId, judgeId: user.id, status: "invited", invitedAt: now, invitedById },
        });
      return true;
    }),
  );
  if (!seated) return false;
  const token = await issueToken({
    type: TOKEN_TYPES.panelInvite,
    userId: user.id,
    target: contestId,
    perTarget: true,
    ttlMs: PANEL_INVITE_DAYS * DAY,
    now,
  });
  await sendEmail({
    to: user.email,
    subject: `You are invited to judge ${title} on Inkwell`,
    template: "panel-invite",
    react: PanelInviteEmail({
      name: user.displayName,
      contestTitle: title,
      link: siteUrl(`/panel-invitation/${token}`),
      kind: user.password || user.connections.length ? "existing-account" : "set-password",
      expiresInDays: PANEL_INVITE_DAYS,
    }),
  });
  return true;
}

/** Invites the chosen site judges; returns how many were invited (members who accepted are skipped). */
export async function inviteJudges(
  contestId: string,
  judgeIds: readonly string[],
  invitedById: string | null,
) {
  const title = await contestTitle(contestId);
  const users = await prisma.user.findMany({
    where: { id: { in: [...new Set(judgeIds)] }, roles: { some: { role: "judge" } } },
    select: inviteeSelect,
    orderBy: { email: "asc" },
  });
  if (users.length === 0) throw new PanelRefused("Choose at least one judge to invite.");
  let invited = 0;
  for (const user of users) if (await invite(contestId, title, user, invitedById)) invited++;
  return invited;
}

/**
 * "Invite every site judge": every holder of the judge role not yet on this panel (members who
 * declined are not asked again here). Returns how many were invited.
 */
export async function inviteAllJudges(contestId: string, invitedById: string | null) {
  const title = await contestTitle(contestId);
  const users = await prisma.user.findMany({
    where: { roles: { some: { role: "judge" } }, panels: { none: { contestId } } },
    select: inviteeSelect,
    orderBy: { email: "asc" },
  });
  let invited = 0;
  for (const user of users) if (await invite(contestId, title, user, invitedById)) invited++;
  return invited;
}

/**
 * Invites an address. No account: one is made with the judge role, to be activated by setting a
 * password at the invitation's link (as Add Judge does, judging/judges.server.ts); an account
 * nobody can sign in to gets the role the same way. Any other account is invited as it is and
 * becomes a judge only when its owner accepts, signed in (docs/decisions/0025-accounts-and-tokens.md).
 */
export async function inviteByEmail(
  contestId: string,
  input: { email: string; name: string },
  invitedById: string | null,
) {
  const title = await contestTitle(contestId);
  const email = input.email.trim().toLowerCase();
  let user = await prisma.user.findUnique({ where: { email }, select: inviteeSelect });
  let created = false;
  if (!user) {
    try {
      user = await prisma.user.create({
        data: {
          email,
          displayName: (input.name.trim() || email.split("@")[0]).slice(0, 100),
          roles: { create: { role: "judge" } },
        },
        select: inviteeSelect,
      });
      created = true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await prisma.user.findUnique({ where: { email }, select: inviteeSelect });
      if (!user) throw error;
    }
  } else if (!user.password && user.connections.length === 0) {
    await prisma.userRole.upsert({
      where: { userId_role: { userId: user.id, role: "judge" } },
      update: {},
      create: { userId: user.id, role: "judge" },
    });
  }
  const invited = await invite(contestId, title, user, invitedById);
  if (!invited) throw new PanelRefused(`${email} is already on this panel.`, "email");
  return { created, email };
}

/**
 * A member's capacity (null: no limit) and divisions (JudgeDivision rows of this contest's
 * divisions; none: any division).
 */
export async function saveMemberSettings(
  contestId: string,
  judgeId: string,
  input: { capacity: number | null; divisionIds: readonly string[] },
) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const member = await tx.panelMember.findUnique({
        where: { contestId_judgeId: { contestId, judgeId } },
        select: { id: true },
      });
      if (!member) throw new PanelRefused("This judge is not on the panel.");
      await tx.panelMember.update({
        where: { id: member.id },
        data: { capacity: input.capacity },
      });
      const divisions = await tx.division.findMany({
        where: { contestId, id: { in: [...new Set(input.divisionIds)] } },
        select: { id: true },
      });
      await tx.judgeDivision.deleteMany({ where: { judgeId, division: { contestId } } });
      if (divisions.length)
        await tx.judgeDivision.createMany({
          data: divisions.map((d) => ({ divisionId: d.id, judgeId })),
        });
    }),
  );
}

/**
 * Takes a judge's seat on the panel away, inside the caller's transaction: the membership, their
 * division and round pool seats in this contest and any unused invitation link; false when they
 * were not on the panel. Their unscored assignments are released by the caller, the assignment
 * capability's removeMember (docs/decisions/0051-assignment-capability.md).
 */
export async function dropPanelSeat(
  tx: Prisma.TransactionClient,
  contestId: string,
  judgeId: string,
) {
  const { count } = await tx.panelMember.deleteMany({ where: { contestId, judgeId } });
  if (count === 0) return false;
  await tx.judgeDivision.deleteMany({ where: { judgeId, division: { contestId } } });
  await tx.roundJudge.deleteMany({ where: { judgeId, round: { contestId } } });
  await tx.verification.deleteMany({
    where: { userId: judgeId, type: TOKEN_TYPES.panelInvite, target: contestId, usedAt: null },
  });
  return true;
}

/** The contest's divisions, in order, for the members' division choices. */
export function contestDivisions(contestId: string) {
  return prisma.division.findMany({
    where: { contestId },
    select: { id: true, name: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
}
