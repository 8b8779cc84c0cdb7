/**
 * A judge's invitation status on the judges list (docs/decisions/0016): "active" once they can
 * sign in (a password, or a linked Google account), otherwise "invited" while their newest
 * set-password link is unused and unexpired, else "link expired" (Resend invitation sends a new
 * one). An existing account invited to judge is "awaiting acceptance" until it accepts through its
 * one-time link (docs/decisions/0025-accounts-and-tokens.md).
 */
export type InvitationStatus = "active" | "invited" | "awaiting acceptance" | "link expired";

export const INVITATION_LABEL: Record<InvitationStatus, string> = {
  active: "Active",
  invited: "Invited",
  "awaiting acceptance": "Awaiting acceptance",
  "link expired": "Link expired",
};

/** A set-password link that is unknown, used, expired, or whose judge was removed. */
export const SET_PASSWORD_LINK_INVALID =
  "This link is invalid, has already been used, or has expired. Ask an Inkwell admin to resend your invitation for a new link.";

export function invitationStatus(
  judge: {
    hasPassword: boolean;
    hasConnection: boolean;
    latestLink: { expiresAt: Date; usedAt: Date | null } | null;
    /** False for an existing account invited to judge that has not accepted yet (no role). */
    accepted?: boolean;
  },
  now: Date = new Date(),
): InvitationStatus {
  const live = (l: { expiresAt: Date; usedAt: Date | null } | null) =>
    Boolean(l && !l.usedAt && l.expiresAt.getTime() >= now.getTime());
  if (judge.accepted === false)
    return live(judge.latestLink) ? "awaiting acceptance" : "link expired";
  if (judge.hasPassword || judge.hasConnection) return "active";
  const link = judge.latestLink;
  if (link && !link.usedAt && link.expiresAt.getTime() >= now.getTime()) return "invited";
  return "link expired";
}
