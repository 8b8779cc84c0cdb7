/**
 * One-time links (password reset, e-mail change and its cancel link, parental consent, a new
 * judge's set-password link, a judge invitation's acceptance): 32 random bytes in the link,
 * only their SHA-256 hash in the Verification table, an expiry, and single use: redeeming marks
 * the row used in the same statement that checks it, so two clicks cannot both succeed.
 * See docs/decisions/0003-sessions-and-auth.md.
 */
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "~/utils/db.server";

export const TOKEN_TYPES = {
  passwordReset: "password-reset",
  emailChange: "email-change",
  parentalConsent: "parental-consent",
  /** A new judge's first password (docs/decisions/0007-judging.md); setting it is the acceptance. */
  setPassword: "set-password",
  /** An existing account's acceptance of a judge invitation (docs/decisions/0025-accounts-and-tokens.md). */
  judgeAcceptance: "judge-acceptance",
  /**
   * A judge's invitation to one contest's panel (target: the contest's id); for an account without
   * a password, also the link that sets it (docs/decisions/0033-judging-panel.md).
   */
  panelInvite: "panel-invite",
  /**
   * A parent's link to take back "may be shown" for one entry of their under-13 child (target:
   * the entry's id; docs/decisions/0042-a-childs-words-and-name.md).
   */
  showWithdraw: "show-withdraw",
  /** The old address's "this was not me" link, which ends a pending e-mail change. */
  emailChangeCancel: "email-change-cancel",
} as const;
export type TokenType = (typeof TOKEN_TYPES)[keyof typeof TOKEN_TYPES];

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/**
 * Whether a string can be one of our tokens (base64url, 43 characters today). Routes check this
 * before a token reaches a query, a header or a page: any other string is an unknown link
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export const isTokenShaped = (token: unknown): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(token);

/** What the Verification table stores of a token: its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a new link for `userId`; earlier unused links of the same type stop working (with
 * `perTarget`, only those for the same target: a judge's invitations to several contests' panels
 * each keep their link).
 */
export async function issueToken(input: {
  type: TokenType;
  userId: string;
  ttlMs: number;
  target?: string;
  perTarget?: boolean;
  now?: Date;
}) {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  // Interactive, so that on PostgreSQL a conflict with a concurrent issue runs it again
  // (docs/decisions/0028-postgresql.md).
  await prisma.$transaction(async (tx) => {
    await tx.verification.deleteMany({
      where: {
        userId: input.userId,
        type: input.type,
        usedAt: null,
        ...(input.perTarget ? { target: input.target ?? null } : {}),
      },
    });
    await tx.verification.create({
      data: {
        type: input.type,
        userId: input.userId,
        tokenHash: hashToken(token),
        target: input.target ?? null,
        expiresAt: new Date(now.getTime() + input.ttlMs),
        createdAt: now,
      },
    });
  });
  return token;
}

/** The live (unused, unexpired) link for `token`, without using it; null otherwise. */
export async function findToken(type: TokenType, token: string, now = new Date()) {
  if (!isTokenShaped(token)) return null;
  return prisma.verification.findFirst({
    where: { type, tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
    select: { id: true, userId: true, target: true, expiresAt: true },
  });
}

/**
 * Uses the link once: returns its row when this call marked it used, null when it was unknown,
 * expired or already used (also by a concurrent call).
 */
export async function redeemToken(type: TokenType, token: string, now = new Date()) {
  const row = await findToken(type, token, now);
  if (!row) return null;
  const { count } = await prisma.verification.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1 ? row : null;
}
