/**
 * Parental consent for writers under 13 (docs/decisions/0009-domain-rules.md): the parent or
 * guardian gets a one-time link (14 days) that explains what is collected; agreeing lets the child
 * submit, declining deletes the account. The child can ask for the e-mail again (to one address at
 * most once every few minutes), or correct the parent's address while consent is pending (always).
 */
import { ParentalConsentEmail, parentalConsentSubject } from "~/emails/parental-consent";
import { prisma } from "~/utils/db.server";
import { waitWords } from "~/utils/dates";
import { DomainError, PleaseWait } from "~/utils/domain-error";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { deleteAccount } from "./account-deletion.server";
import {
  DAY,
  findToken,
  issueToken,
  redeemToken,
  TOKEN_TYPES,
} from "~/features/accounts/one-time-tokens.server";

export const CONSENT_DAYS = 14;
export const RESEND_INTERVAL_MS = 5 * 60 * 1000;
/** Consent e-mails one account may send in a day, to whichever addresses. */
export const MAX_CONSENT_EMAILS_PER_DAY = 6;

export class ConsentError extends DomainError {}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * At most one consent e-mail to one address every few minutes: sending it again to the same
 * address waits, a corrected address does not (unless it got one just now). The refusal says when
 * the next one can go (docs/decisions/0026-entry-flow.md).
 */
async function refuseIfTooSoon(userId: string, target: string, now: Date) {
  const sent = await prisma.verification.findMany({
    where: { type: TOKEN_TYPES.parentalConsent, userId },
    select: { target: true, createdAt: true },
  });
  // However many addresses are typed, one account sends at most a few consent e-mails a day: a
  // child's correction always gets through, a script cycling addresses does not.
  const today = sent
    .map((row) => row.createdAt.getTime())
    .filter((at) => at > now.getTime() - DAY)
    .sort((a, b) => a - b);
  if (today.length >= MAX_CONSENT_EMAILS_PER_DAY) {
    const wait = today[today.length - MAX_CONSENT_EMAILS_PER_DAY] + DAY - now.getTime();
    throw new PleaseWait(
      `We have sent this e-mail ${today.length} times today. You can send another ${waitWords(wait)}.`,
      wait,
    );
  }
  const last = sent
    .filter((row) => row.target !== null && sameAddress(row.target, target))
    .reduce<Date | null>((a, row) => (a && a > row.createdAt ? a : row.createdAt), null);
  const wait = last ? RESEND_INTERVAL_MS - (now.getTime() - last.getTime()) : 0;
  if (wait > 0)
    throw new PleaseWait(
      `We have just sent the e-mail. You can send another ${waitWords(wait)}.`,
      wait,
    );
}

/**
 * The child corrects a mistyped parent's or guardian's address while consent is pending: the
 * address is changed, the link sent to the old one stops working (revoked, its row kept until the
 * purge as the record of what was sent where), and the consent e-mail goes to the new one at once.
 * The same address again is "Send the e-mail again", with its limit.
 */
export async function changeParentEmail(
  userId: string,
  parentEmail: string,
  opts: { now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { email: true, parentEmail: true, parentConsentAt: true },
  });
  if (!user?.parentEmail || user.parentConsentAt)
    throw new ConsentError(
      "Your parent or guardian has already agreed: there is nothing to change.",
    );
  if (parentEmail === user.email)
    throw new ConsentError(
      "Please enter a parent or guardian email that is not your own",
      "parentEmail",
    );
  if (sameAddress(parentEmail, user.parentEmail))
    return { ...(await sendConsentRequest(userId, { now, resend: true })), changed: false };
  await refuseIfTooSoon(userId, parentEmail, now);
  // The old link dies with the change, before the new one is sent.
  const [changed] = await prisma.$transaction([
    prisma.user.updateMany({
      where: { id: userId, parentConsentAt: null },
      data: { parentEmail },
    }),
    prisma.verification.updateMany({
      where: {
        userId,
        type: TOKEN_TYPES.parentalConsent,
        usedAt: null,
        expiresAt: { gt: now },
      },
      data: { expiresAt: now },
    }),
  ]);
  if (changed.count !== 1)
    throw new ConsentError(
      "Your parent or guardian has already agreed: there is nothing to change.",
    );
  return { ...(await sendConsentRequest(userId, { now })), changed: true };
}

/** Sends (or re-sends) the consent e-mail to the parent of `userId`. */
export async function sendConsentRequest(
  userId: string,
  opts: { now?: Date; resend?: boolean } = {},
) {
  const now = opts.now ?? new Date();
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, displayName: true, parentEmail: true, parentConsentAt: true },
  });
  if (!user?.parentEmail || user.parentConsentAt) return { sent: false };
  if (opts.resend) await refuseIfTooSoon(userId, user.parentEmail, now);
  // A link sent to another address (the profile's parent address was changed) stops working; its
  // row stays as the record of when that address got one. The new link replaces the one sent to
  // this address.
  await prisma.verification.updateMany({
    where: {
      userId,
      type: TOKEN_TYPES.parentalConsent,
      usedAt: null,
      expiresAt: { gt: now },
      NOT: { target: user.parentEmail },
    },
    data: { expiresAt: now },
  });
  const token = await issueToken({
    type: TOKEN_TYPES.parentalConsent,
    userId,
    ttlMs: CONSENT_DAYS * DAY,
    target: user.parentEmail,
    perTarget: true,
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
