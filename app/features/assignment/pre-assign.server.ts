/**
 * The spec's 'Pre-Assign All Judges' (docs/decisions/0033-judging-panel.md, 0051): a contest's
 * pre-assignment is its panel. Every site judge not yet on it is invited; those who accept are the
 * contest-wide rows of the Assignments page and the judges auto-assign draws from.
 */
import { inviteAllJudges } from "~/features/panel/panel.server";
import { prisma } from "~/utils/db.server";

export const PRE_ASSIGNED_MESSAGE = "Judges pre-assigned to contest successfully";
export const NO_JUDGES_MESSAGE = "No judges available";

export type PreAssignResult =
  /** `invited`: newly invited now; `seated`: invited or accepted members after it. */
  { ok: true; invited: number; seated: number } | { ok: false; error: string };

export async function preAssignAllJudges(
  contestId: string,
  invitedById: string | null,
): Promise<PreAssignResult> {
  const invited = await inviteAllJudges(contestId, invitedById);
  const seated = await prisma.panelMember.count({
    where: { contestId, status: { in: ["invited", "accepted"] } },
  });
  if (invited === 0 && seated === 0) return { ok: false, error: NO_JUDGES_MESSAGE };
  return { ok: true, invited, seated };
}
