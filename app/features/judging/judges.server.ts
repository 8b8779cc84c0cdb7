/**
 * Judges: the judge list, Add Judge with its one-time set-password link (hashed, 7 days), and
 * removing a judge (their open assignments go, their submitted scores stay). See docs/decisions/0007.
 * An existing account becomes a judge only when its owner accepts through a one-time link sent
 * to its address, while signed in to it; removal ends every open invitation
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
import { JudgeInviteEmail } from "~/emails/judge-invite";
import { hashPassword } from "~/features/accounts/auth.server";
import {
  DAY,
  findToken,
  issueToken,
  redeemToken,
  TOKEN_TYPES,
} from "~/features/accounts/one-time-tokens.server";
import { prisma, isUniqueViolation, type Prisma } from "~/utils/db.server";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { DomainError } from "~/utils/domain-error";
import { readPage } from "~/utils/paged-list.server";
import { invitationStatus, SET_PASSWORD_LINK_INVALID } from "./invitation";

export const JUDGES_PAGE_SIZE = 50;

export const SET_PASSWORD_DAYS = 7;

/**
 * The judges list with each judge's invitation status and progress (assigned entries, submitted
 * scores), read in one page query plus batched relation reads and counts (no query per judge).
 */
export async function listJudges(page = 1, now = new Date()) {
  const where = {
    OR: [
      { roles: { some: { role: "judge" } } },
      { verifications: { some: { type: TOKEN_TYPES.judgeAcceptance, usedAt: null } } },
    ],
  };
  const live = { status: "submitted" as const };
  const { rows, total } = await readPage(
    page,
    JUDGES_PAGE_SIZE,
    (window) =>
      prisma.user.findMany({
        where,
        select: {
          id: true,
          email: true,
          displayName: true,
          password: { select: { userId: true } },
          connections: { select: { id: true }, take: 1 },
          roles: { where: { role: "judge" }, select: { role: true } },
          verifications: {
            where: { type: { in: [TOKEN_TYPES.setPassword, TOKEN_TYPES.judgeAcceptance] } },
            select: { expiresAt: true, usedAt: true },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            take: 1,
          },
          _count: {
            select: {
              assignments: { where: { submissionId: { not: null }, submission: live } },
              scores: { where: { submittedAt: { not: null }, submission: live } },
            },
          },
        },
        orderBy: [{ email: "asc" }],
        ...window,
      }),
    () => prisma.user.count({ where }),
  );
  const judges = rows.map((u) => ({
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    status: invitationStatus(
      {
        hasPassword: Boolean(u.password),
        hasConnection: u.connections.length > 0,
        latestLink: u.verifications[0] ?? null,
        accepted: u.roles.length > 0,
      },
      now,
    ),
    assigned: u._count.assignments,
    scored: u._count.scores,
  }));
  return { judges, total };
}

/** A refused Add Judge, "Resend invitation" or invitation link (shown as it is). */
export class InvitationRefused extends DomainError {}

const ALREADY_A_JUDGE = "This person is already a judge";

async function sendSetPasswordLink(user: { id: string; email: string; displayName: string }) {
  const token = await createSetPasswordToken(user.id);
  return sendEmail({
    to: user.email,
    subject: "Set your password to start judging on Inkwell",
    template: "judge-invite",
    react: JudgeInviteEmail({
      name: user.displayName,
      link: siteUrl(`/set-password/${token}`),
      kind: "set-password",
      expiresInDays: SET_PASSWORD_DAYS,
    }),
  });
}

/**
 * "Resend invitation": a new one-time set-password link for a judge who has not set a password;
 * earlier unused links stop working (createSetPasswordToken replaces them).
 */
export async function resendInvitation(userId: string) {
  const user = await prisma.user.findFirst({
    where: { id: userId, ...judgeOrInvited },
    select: {
      id: true,
      email: true,
      displayName: true,
      password: { select: { userId: true } },
      connections: { select: { id: true }, take: 1 },
      roles: { where: { role: "judge" }, select: { role: true } },
    },
  });
  if (!user) throw new InvitationRefused("This person is not a judge");
  if (user.roles.length === 0) {
    const result = await sendAcceptanceLink(user);
    return { email: user.email, emailed: result.ok };
  }
  if (user.password || user.connections.length)
    throw new InvitationRefused(`${user.email} has already set up their account and can sign in.`);
  const result = await sendSetPasswordLink(user);
  return { email: user.email, emailed: result.ok };
}

const judgeOrInvited = {
  OR: [
    { roles: { some: { role: "judge" } } },
    { verifications: { some: { type: TOKEN_TYPES.judgeAcceptance, usedAt: null } } },
  ],
};

async function sendAcceptanceLink(user: { id: string; email: string; displayName: string }) {
  const token = await issueToken({
    type: TOKEN_TYPES.judgeAcceptance,
    userId: user.id,
    ttlMs: SET_PASSWORD_DAYS * DAY,
  });
  return sendEmail({
    to: user.email,
    subject: "You are invited to judge on Inkwell",
    template: "judge-added",
    react: JudgeInviteEmail({
      name: user.displayName,
      link: siteUrl(`/judge-invitation/${token}`),
      kind: "existing-account",
      expiresInDays: SET_PASSWORD_DAYS,
    }),
  });
}

/**
 * A one-time set-password link (one-time-tokens.server.ts: only its hash is stored, 7 days,
 * single use); a new link replaces any earlier unused one.
 */
export function createSetPasswordToken(userId: string, now = new Date()) {
  return issueToken({
    type: TOKEN_TYPES.setPassword,
    userId,
    ttlMs: SET_PASSWORD_DAYS * DAY,
    now,
  });
}

/**
 * Add Judge. No account: one is created with the role and a set-password link (setting the
 * password is the acceptance). An account nobody can sign in to (no password, no Google) is
 * treated the same. Any other account gets no role yet, only a one-time acceptance link: someone
 * who signed up with the address first must not become a judge.
 */
export async function addJudge(input: { email: string; name: string }) {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const select = {
    id: true,
    displayName: true,
    roles: { select: { role: true } },
    password: { select: { userId: true } },
    connections: { select: { id: true }, take: 1 },
  } as const;
  let user = await prisma.user.findUnique({ where: { email }, select });
  if (user?.roles.some((r) => r.role === "judge")) throw new InvitationRefused(ALREADY_A_JUDGE);
  let created = false;
  if (!user) {
    try {
      user = await prisma.user.create({
        data: { email, displayName: name.slice(0, 100), roles: { create: { role: "judge" } } },
        select,
      });
      created = true;
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvitationRefused(ALREADY_A_JUDGE);
      throw error;
    }
  }
  const target = { id: user.id, email, displayName: user.displayName };
  if (created || (!user.password && user.connections.length === 0)) {
    if (!created)
      await prisma.userRole.upsert({
        where: { userId_role: { userId: user.id, role: "judge" } },
        update: {},
        create: { userId: user.id, role: "judge" },
      });
    const result = await sendSetPasswordLink(target);
    return { created, invited: false, emailed: result.ok };
  }
  const result = await sendAcceptanceLink(target);
  return { created: false, invited: true, emailed: result.ok };
}

/** The invitation behind a live acceptance link, or null. */
export async function findJudgeInvitation(token: string, now = new Date()) {
  const link = await findToken(TOKEN_TYPES.judgeAcceptance, token, now);
  if (!link) return null;
  const user = await prisma.user.findUnique({
    where: { id: link.userId },
    select: { id: true, email: true },
  });
  return user ? { userId: user.id, email: user.email } : null;
}

/**
 * Accepts a judge invitation: only the account it was sent to, signed in, holding the link
 * (so both the account's password or Google sign-in and the inbox), once.
 */
export async function acceptJudgeInvitation(token: string, userId: string, now = new Date()) {
  const found = await findJudgeInvitation(token, now);
  if (!found) throw new InvitationRefused("This invitation has expired or was already used.");
  if (found.userId !== userId)
    throw new InvitationRefused(
      `This invitation is for ${found.email}. Sign out, then sign in with that account to accept it.`,
    );
  const link = await redeemToken(TOKEN_TYPES.judgeAcceptance, token, now);
  if (!link) throw new InvitationRefused("This invitation has expired or was already used.");
  await prisma.userRole.upsert({
    where: { userId_role: { userId, role: "judge" } },
    update: {},
    create: { userId, role: "judge" },
  });
}

/** The judge behind a live (unused, unexpired) set-password link, or null. */
export async function findSetPasswordToken(token: string, now = new Date()) {
  const link = await findToken(TOKEN_TYPES.setPassword, token, now);
  if (!link) return null;
  // A removed judge's link is gone (removeJudge); a link of an account without the role is dead too.
  const user = await prisma.user.findFirst({
    where: { id: link.userId, roles: { some: { role: "judge" } } },
    select: { id: true, email: true },
  });
  return user ? { userId: user.id, email: user.email } : null;
}

/**
 * Uses the link (once, even when two requests race: redeemToken) and sets the password; an
 * invalid, used or expired link is refused with SET_PASSWORD_LINK_INVALID.
 */
export async function setPasswordWithToken(token: string, password: string, now = new Date()) {
  const found = await findSetPasswordToken(token, now);
  if (!found) throw new InvitationRefused(SET_PASSWORD_LINK_INVALID);
  const hash = await hashPassword(password);
  const link = await redeemToken(TOKEN_TYPES.setPassword, token, now);
  if (!link) throw new InvitationRefused(SET_PASSWORD_LINK_INVALID);
  await prisma.password.upsert({
    where: { userId: link.userId },
    update: { hash },
    create: { userId: link.userId, hash },
  });
  return { email: found.email };
}

/**
 * Removes the judge role and every open invitation (set-password and acceptance links), inside the
 * caller's transaction; false when the user had neither. The judge's open assignments are released
 * by the caller, the assignment capability's removeJudge (docs/decisions/0051-assignment-capability.md).
 */
export async function dropJudgeRole(tx: Prisma.TransactionClient, userId: string) {
  const role = await tx.userRole.deleteMany({ where: { userId, role: "judge" } });
  const links = await tx.verification.deleteMany({
    where: {
      userId,
      type: { in: [TOKEN_TYPES.setPassword, TOKEN_TYPES.judgeAcceptance] },
      usedAt: null,
    },
  });
  return role.count > 0 || links.count > 0;
}
