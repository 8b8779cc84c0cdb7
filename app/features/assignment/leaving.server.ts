/**
 * A judge leaving, as the assignment capability sees it (docs/decisions/0051-assignment-capability.md):
 * taken off a contest's panel, or no longer a judge of the site. The seat or the role goes (panel's
 * and judging's own writes) and the judge's unscored assignments are released in the same
 * transaction; submitted scores and their assignments stay (ADR 0033).
 */
import { dropJudgeRole } from "~/features/judging/judges.server";
import { dropPanelSeat, PanelRefused } from "~/features/panel/panel.server";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { releaseUnscoredAssignments } from "./release.server";

/**
 * Takes a judge off the panel: their unscored assignments in this contest go (as removing a judge
 * from the site does), submitted scores and their assignments stay; their division and round pool
 * seats in this contest and any unused invitation link go too.
 */
export async function removeMember(contestId: string, judgeId: string) {
  const removed = await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      if (!(await dropPanelSeat(tx, contestId, judgeId))) return false;
      await releaseUnscoredAssignments(tx, { judgeId, contestId });
      return true;
    }),
  );
  if (!removed) throw new PanelRefused("This judge is not on the panel.");
}

/**
 * Removes the judge role, every open invitation (set-password and acceptance links) and the
 * judge's open assignments; submitted scores (and their assignments) stay. False when the user
 * was not a judge.
 */
export async function removeJudge(userId: string) {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      if (!(await dropJudgeRole(tx, userId))) return false;
      await releaseUnscoredAssignments(tx, { judgeId: userId });
      return true;
    }),
  );
}
