/**
 * Forgotten and changed passwords, and a changed e-mail address confirmed from the new inbox.
 * Links are one-time (one-time-tokens.server.ts); a reset or a change of password ends the
 * account's other sessions and any pending e-mail change. See docs/decisions/0003-sessions-and-auth.md.
 * An e-mail change asks for the current password (or, for an account that signs in with Google
 * only, a sign-in in the last few minutes) and tells the old address, and a young writer's
 * parent, with a link that stops it (docs/decisions/0025-accounts-and-tokens.md).
 */
import bcrypt from "bcryptjs";
import { AccountLinkEmail, ACCOUNT_LINK_SUBJECTS } from "~/emails/account-link";
import { prisma, isUniqueViolation } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { hashPassword } from "./auth.server";
import { HOUR, issueToken, redeemToken, TOKEN_TYPES } from "./one-time-tokens.server";
import { mayMailAddress } from "./rate-limit.server";
import { needsParentalConsent } from "./user";
import { EmailTaken } from "./users.server";

export const RESET_TTL_MS = HOUR;
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR;
/** How recent a Google-only account's sign-in must be to change its address. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** Pending e-mail changes (the new address's link and the old address's cancel link). */
const pendingEmailChange = (userId: string) =>
  prisma.verification.deleteMany({
    where: {
      userId,
      type: { in: [TOKEN_TYPES.emailChange, TOKEN_TYPES.emailChangeCancel] },
      usedAt: null,
    },
  });

export class CredentialsError extends DomainError {}

/** Whether the account can sign in with a password (Google-only accounts cannot). */
export async function hasPassword(userId: string) {
  const row = await prisma.password.findUnique({ where: { userId }, select: { userId: true } });
  return Boolean(row);
}

/**
 * Sends a reset link when an account has this e-mail and the inbox has not had its share of
 * account e-mails this hour. Run after the answer (runDetached): the caller shows the same answer
 * at the same speed either way, so the form does not tell who has an account
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export async function requestPasswordReset(email: string, now = new Date()) {
  if (!(await mayMailAddress(email))) return { sent: false };
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

/**
 * A sign-up with an address that already has an account gets the same answer as any sign-up;
 * the account's owner is told by e-mail how to sign in or reset (run after the answer).
 */
export async function notifySignUpAttempt(email: string) {
  if (!(await mayMailAddress(email))) return;
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { displayName: true, email: true },
  });
  if (!user) return;
  await sendEmail({
    to: user.email,
    subject: ACCOUNT_LINK_SUBJECTS["sign-up-attempt"],
    template: "sign-up-attempt",
    react: AccountLinkEmail({
      kind: "sign-up-attempt",
      name: user.displayName,
      link: siteUrl("/forgot-password"),
    }),
  });
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
    pendingEmailChange(link.userId),
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
    pendingEmailChange(input.userId),
  ]);
}

/**
 * Checks who is asking (the current password; for a Google-only account a sign-in in the last
 * RECENT_SIGN_IN_MS), then sends a confirmation link to the new address and tells the old one
 * (and a parent, for a writer under 13) with a link that stops the change. The account keeps its
 * e-mail until the new address's link is used.
 */
export async function requestEmailChange(
  userId: string,
  newEmail: string,
  opts: { currentPassword?: string; sessionId?: string; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const email = newEmail.toLowerCase();
  const [user, taken, password, session] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { displayName: true, email: true, dateOfBirth: true, parentEmail: true },
    }),
    prisma.user.findUnique({ where: { email }, select: { id: true } }),
    prisma.password.findUnique({ where: { userId }, select: { hash: true } }),
    opts.sessionId
      ? prisma.session.findFirst({
          where: { id: opts.sessionId, userId },
          select: { createdAt: true },
        })
      : null,
  ]);
  if (password) {
    if (!(await bcrypt.compare(opts.currentPassword ?? "", password.hash)))
      throw new CredentialsError("Your current password is not correct.", "currentPassword");
  } else if (!session || now.getTime() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new CredentialsError(
      "To keep your account safe, please sign out and sign in with Google again, then change your address within 10 minutes.",
    );
  }
  if (user.email === email)
    throw new CredentialsError("That is already your e-mail address.", "newEmail");
  if (taken) throw new EmailTaken("newEmail");
  const token = await issueToken({
    type: TOKEN_TYPES.emailChange,
    userId,
    ttlMs: EMAIL_CHANGE_TTL_MS,
    target: email,
    now,
  });
  // The cancel link keeps the old address: it also undoes a change already confirmed.
  const cancel = await issueToken({
    type: TOKEN_TYPES.emailChangeCancel,
    userId,
    ttlMs: EMAIL_CHANGE_TTL_MS,
    target: user.email,
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
    await pendingEmailChange(userId);
    throw new CredentialsError("We could not send the e-mail. Please try again in a moment.");
  }
  const cancelLink = siteUrl(`/account/email-cancel/${cancel}`);
  const notices = [
    {
      to: user.email,
      name: user.displayName,
      detail: `Someone signed in to your Inkwell account asked to change its e-mail address to ${email}. It changes only when the new address confirms it.`,
    },
  ];
  if (user.parentEmail && user.dateOfBirth && needsParentalConsent(user.dateOfBirth, now))
    notices.push({
      to: user.parentEmail,
      name: "parent or guardian",
      detail: `Your child's Inkwell account (${user.email}) asked to change its e-mail address to ${email}. It changes only when the new address confirms it.`,
    });
  // The notices are best effort: a failure is in the e-mail log; the change still needs its link.
  for (const n of notices)
    await sendEmail({
      to: n.to,
      subject: ACCOUNT_LINK_SUBJECTS["email-change-notice"],
      template: "email-change-notice",
      react: AccountLinkEmail({
        kind: "email-change-notice",
        name: n.name,
        detail: n.detail,
        link: cancelLink,
        expires: "in 24 hours",
      }),
    });
}

/**
 * The "this was not me" link sent to the old address (and a parent): the pending change ends; a
 * change already confirmed is undone (the old address comes back, when no other account took it);
 * every session of the account ends. Null when the link is unknown, expired or used.
 */
export async function cancelEmailChange(token: string, now = new Date()) {
  const link = await redeemToken(TOKEN_TYPES.emailChangeCancel, token, now);
  if (!link?.target) return null;
  const oldEmail = link.target;
  return prisma.$transaction(async (tx) => {
    await tx.verification.deleteMany({
      where: { userId: link.userId, type: TOKEN_TYPES.emailChange, usedAt: null },
    });
    await tx.session.deleteMany({ where: { userId: link.userId } });
    const user = await tx.user.findUnique({ where: { id: link.userId }, select: { email: true } });
    const taken = await tx.user.findUnique({ where: { email: oldEmail }, select: { id: true } });
    if (user && user.email !== oldEmail && !taken)
      await tx.user.update({ where: { id: link.userId }, data: { email: oldEmail } });
    return { userId: link.userId, email: oldEmail };
  });
}

/** Uses an e-mail change link: the account's address becomes the confirmed one. */
export async function confirmEmailChange(token: string, now = new Date()) {
  const link = await redeemToken(TOKEN_TYPES.emailChange, token, now);
  if (!link?.target) throw new CredentialsError("This link has expired or was already used.");
  try {
    await prisma.user.update({ where: { id: link.userId }, data: { email: link.target } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTaken();
    throw error;
  }
  return { userId: link.userId, email: link.target };
}
