/**
 * A judge's invitation status on the judges list (docs/decisions/0016): "active" once they can
 * sign in (a password, or a linked Google account), otherwise "invited" while their newest
 * set-password link is unused and unexpired, else "link expired" (Resend invitation sends a new
 * one).
 */
export type InvitationStatus = "active" | "invited" | "link expired";

export const INVITATION_LABEL: Record<InvitationStatus, string> = {
  active: "Active",
  invited: "Invited",
  "link expired": "Link expired",
};

export function invitationStatus(
  judge: {
    hasPassword: boolean;
    hasConnection: boolean;
    latestLink: { expiresAt: Date; usedAt: Date | null } | null;
  },
  now: Date = new Date(),
): InvitationStatus {
  if (judge.hasPassword || judge.hasConnection) return "active";
  const link = judge.latestLink;
  if (link && !link.usedAt && link.expiresAt.getTime() >= now.getTime()) return "invited";
  return "link expired";
}
