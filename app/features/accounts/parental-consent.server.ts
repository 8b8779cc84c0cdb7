/**
 * Parental consent for writers under 13 (docs/decisions/0009-domain-rules.md): the parent or
 * guardian gets a one-time link (14 days) that explains what is collected; agreeing lets the child
 * submit, declining deletes the account. The child can ask for the e-mail again, at most once
 * every few minutes.
 */
import { ParentalConsentEmail, parentalConsentSubject } from "~/emails/parental-consent";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { deleteAccount } from "./account.server";
import {
  DAY,
  findToken,
  issueToken,
  lastIssued,
  redeemToken,
  TOKEN_TYPES,
} from "./one-time-tokens.server";

export const CONSENT_DAYS = 14;
export const RESEND_INTERVAL_MS = 5 * 60 * 1000;

export class ConsentError extends DomainError {}

/** Sends (or re-sends) the consent e-mail to the parent of `userId`. */
export async function sendConsentRequest(
  userId: string,
  opts: { request?: Request; now?: Date; resend?: boolean } = {},
) {
  const now = opts.now ?? new Date();
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, displayName: true, parentEmail: true, parentConsentAt: true },
  });
  if (!user?.parentEmail || user.parentConsentAt) return { sent: false };
  if (opts.resend) {
    const last = await lastIssued(TOKEN_TYPES.parentalConsent, userId);
    if (last && now.getTime() - last.getTime() < RESEND_INTERVAL_MS) {
      throw new ConsentError(
        "We sent the e-mail a few minutes ago. Please wait a little before sending it again.",
      );
    }
  }
  const token = await issueToken({
    type: TOKEN_TYPES.parentalConsent,
    userId,
    ttlMs: CONSENT_DAYS * DAY,
    target: user.parentEmail,
    now,
  });
  const result = await sendEmail({
    to: user.parentEmail,
    subject: parentalConsentSubject(user.displayName),
    template: "parental-consent",
    react: ParentalConsentEmail({
      childName: user.displayName,
      childEmail: user.email,
      link: siteUrl(`/consent/${token}`),
      expiresInDays: CONSENT_DAYS,
    }),
  });
  return { sent: result.ok };
}

/** What the consent page shows for a live link; null for an unknown, used or expired one. */
export async function consentRequest(token: string, now = new Date()) {
  const link = await findToken(TOKEN_TYPES.parentalConsent, token, now);
  if (!link) return null;
  const user = await prisma.user.findUnique({
    where: { id: link.userId },
    select: { displayName: true, email: true, parentConsentAt: true },
  });
  return user ? { childName: user.displayName, childEmail: user.email } : null;
}

/** The parent's answer: agree lets the child submit; decline deletes the account. */
export async function answerConsent(token: string, answer: "agree" | "decline", now = new Date()) {
  const link = await redeemToken(TOKEN_TYPES.parentalConsent, token, now);
  if (!link) throw new ConsentError("This link has expired or was already used.");
  if (answer === "decline") {
    await deleteAccount(link.userId, now);
    return "declined" as const;
  }
  await prisma.user.update({ where: { id: link.userId }, data: { parentConsentAt: now } });
  return "agreed" as const;
}
