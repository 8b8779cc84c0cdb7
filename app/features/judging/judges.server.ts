/**
 * Judges: the judge list, Add Judge with its one-time set-password link (hashed, 7 days), and
 * removing a judge (their open assignments go, their submitted scores stay). See docs/decisions/0007.
 */
import { createHash, randomBytes } from "node:crypto";
import { JudgeInviteEmail } from "~/emails/judge-invite";
import { hashPassword } from "~/features/accounts/auth.server";
import { prisma } from "~/utils/db.server";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { DomainError } from "~/utils/domain-error";
import { readPage } from "~/utils/paged-list.server";
import { invitationStatus } from "./invitation";

export const JUDGES_PAGE_SIZE = 50;

export const SET_PASSWORD_TYPE = "set-password";
export const SET_PASSWORD_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;

/**
 * The judges list with each judge's invitation status and progress (assigned entries, submitted
 * scores), read in one page query plus batched relation reads and counts (no query per judge).
 */
export async function listJudges(page = 1, now = new Date()) {
  const where = { roles: { some: { role: "judge" } } };
  const live = { status: "submitted" };
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
          verifications: {
            where: { type: SET_PASSWORD_TYPE },
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
      },
      now,
    ),
    assigned: u._count.assignments,
    scored: u._count.scores,
  }));
  return { judges, total };
}

/** A refused "Resend invitation" (shown to the admin as it is). */
export class InvitationRefused extends DomainError {}

async function sendSetPasswordLink(
  user: { id: string; email: string; displayName: string },
  // Links come from the configured origin, never the request (ADR 0023).
  _request?: Request,
) {
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
export async function resendInvitation(userId: string, request?: Request) {
  const user = await prisma.user.findFirst({
    where: { id: userId, roles: { some: { role: "judge" } } },
    select: {
      id: true,
      email: true,
      displayName: true,
      password: { select: { userId: true } },
      connections: { select: { id: true }, take: 1 },
    },
  });
  if (!user) throw new InvitationRefused("This person is not a judge");
  if (user.password || user.connections.length)
    throw new InvitationRefused(`${user.email} has already set up their account and can sign in.`);
  const result = await sendSetPasswordLink(user, request);
  return { email: user.email, emailed: result.ok };
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
    result = await sendSetPasswordLink(
      { id: user.id, email, displayName: user.displayName },
      request,
    );
  } else {
    result = await sendEmail({
      to: email,
      subject: "You are now a judge on Inkwell",
      template: "judge-added",
      react: JudgeInviteEmail({
        name: user.displayName,
        link: siteUrl("/judge"),
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
