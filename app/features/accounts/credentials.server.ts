/**
 * Forgotten and changed passwords, and a changed e-mail address confirmed from the new inbox.
 * Links are one-time (one-time-tokens.server.ts); a reset or a change of password ends the
 * account's other sessions. See docs/decisions/0003-sessions-and-auth.md.
 */
import bcrypt from "bcryptjs";
import { AccountLinkEmail, ACCOUNT_LINK_SUBJECTS } from "~/emails/account-link";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { hashPassword } from "./auth.server";
import { HOUR, issueToken, redeemToken, TOKEN_TYPES } from "./one-time-tokens.server";

export const RESET_TTL_MS = HOUR;
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR;
export const EMAIL_TAKEN = "An account with this email already exists.";

export class CredentialsError extends DomainError {}

/** Whether the account can sign in with a password (Google-only accounts cannot). */
export async function hasPassword(userId: string) {
  const row = await prisma.password.findUnique({ where: { userId }, select: { userId: true } });
  return Boolean(row);
}

/**
 * Sends a reset link when an account has this e-mail. The caller shows the same answer either
 * way, so the form does not tell who has an account.
 */
export async function requestPasswordReset(email: string, request?: Request, now = new Date()) {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, displayName: true, email: true },
  });
  if (!user) return { sent: false };
  const token = await issueToken({
    type: TOKEN_TYPES.passwordReset,
    userId: user.id,
    ttlMs: RESET_TTL_MS,
    now,
  });
  const result = await sendEmail({
    to: user.email,
    subject: ACCOUNT_LINK_SUBJECTS["password-reset"],
    template: "password-reset",
    react: AccountLinkEmail({
      kind: "password-reset",
      name: user.displayName,
      link: siteUrl(`/reset-password/${token}`),
      expires: "in 1 hour",
    }),
  });
  return { sent: result.ok };
}

/** Sets the new password from a reset link and ends every session of the account. */
export async function resetPassword(token: string, password: string, now = new Date()) {
  const hash = await hashPassword(password);
  const link = await redeemToken(TOKEN_TYPES.passwordReset, token, now);
  if (!link) throw new CredentialsError("This link has expired or was already used.");
  await prisma.$transaction([
    prisma.password.upsert({
      where: { userId: link.userId },
      create: { userId: link.userId, hash },
      update: { hash },
    }),
    prisma.session.deleteMany({ where: { userId: link.userId } }),
  ]);
  return link.userId;
}

/**
 * Changes the password after checking the current one (an account that signs in with Google
 * only has none to check); every other session of the account ends.
 */
export async function changePassword(input: {
  userId: string;
  currentPassword?: string;
  newPassword: string;
  keepSessionId?: string;
}) {
  const existing = await prisma.password.findUnique({
    where: { userId: input.userId },
    select: { hash: true },
  });
  if (existing && !(await bcrypt.compare(input.currentPassword ?? "", existing.hash))) {
    throw new CredentialsError("Your current password is not correct.", "currentPassword");
  }
  const hash = await hashPassword(input.newPassword);
  await prisma.$transaction([
    prisma.password.upsert({
      where: { userId: input.userId },
      create: { userId: input.userId, hash },
      update: { hash },
    }),
    prisma.session.deleteMany({
      where: {
        userId: input.userId,
        ...(input.keepSessionId ? { id: { not: input.keepSessionId } } : {}),
      },
    }),
  ]);
}

/** Sends a confirmation link to the new address; the account keeps its e-mail until it is used. */
export async function requestEmailChange(
  userId: string,
  newEmail: string,
  request?: Request,
  now = new Date(),
) {
  const email = newEmail.toLowerCase();
  const [user, taken] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { displayName: true, email: true },
    }),
    prisma.user.findUnique({ where: { email }, select: { id: true } }),
  ]);
  if (user.email === email)
    throw new CredentialsError("That is already your e-mail address.", "newEmail");
  if (taken) throw new CredentialsError(EMAIL_TAKEN, "newEmail");
  const token = await issueToken({
    type: TOKEN_TYPES.emailChange,
    userId,
    ttlMs: EMAIL_CHANGE_TTL_MS,
    target: email,
    now,
  });
  const result = await sendEmail({
    to: email,
    subject: ACCOUNT_LINK_SUBJECTS["email-change"],
    template: "email-change",
    react: AccountLinkEmail({
      kind: "email-change",
      name: user.displayName,
      link: siteUrl(`/account/email/${token}`),
      expires: "in 24 hours",
    }),
  });
  if (!result.ok) {
    throw new CredentialsError("We could not send the e-mail. Please try again in a moment.");
  }
}

/** Uses an e-mail change link: the account's address becomes the confirmed one. */
export async function confirmEmailChange(token: string, now = new Date()) {
  const link = await redeemToken(TOKEN_TYPES.emailChange, token, now);
  if (!link?.target) throw new CredentialsError("This link has expired or was already used.");
  try {
    await prisma.user.update({ where: { id: link.userId }, data: { email: link.target } });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new CredentialsError(EMAIL_TAKEN);
    throw error;
  }
  return { userId: link.userId, email: link.target };
}
