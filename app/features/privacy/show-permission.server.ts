/**
 * "May be shown" taken back (docs/decisions/0042-a-childs-words-and-name.md): the writer, a
 * child's parent or an admin on request withdraws the agreement that a winning story may be
 * shown with the writer's name, at any time, results published or not. In one transaction the
 * entry stops agreeing (so the story and name are never shown, and never frozen later), any name
 * already frozen on its award is removed, and who did it and when is recorded. The visitor page
 * cache is purged so the public results page stops naming the writer at once.
 */
import { TOKEN_TYPES, findToken, redeemToken } from "~/features/accounts/one-time-tokens.server";
import { prisma } from "~/utils/db.server";
import { purgeVisitorPages } from "~/utils/visitor-pages.server";

export type ShowWithdrawnBy = "writer" | "parent" | "admin";

export type ShowPermission = {
  agreed: boolean;
  withdrawnAt: Date | null;
  withdrawnBy: ShowWithdrawnBy | null;
};

export async function showPermission(submissionId: string): Promise<ShowPermission | null> {
  const s = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: showPermissionSelect,
  });
  return s ? showStateOf(s) : null;
}

/** The columns `showStateOf` reads (the admin entry page selects them with the entry). */
const showPermissionSelect = {
  showIfAwarded: true,
  showWithdrawnAt: true,
  showWithdrawnBy: true,
} as const;

/** "May be shown" as the entry's row says (no query). */
export function showStateOf(s: {
  showIfAwarded: boolean;
  showWithdrawnAt: Date | null;
  showWithdrawnBy: string | null;
}): ShowPermission {
  const by = s.showWithdrawnBy;
  return {
    agreed: s.showIfAwarded,
    withdrawnAt: s.showWithdrawnAt,
    withdrawnBy: by === "writer" || by === "parent" || by === "admin" ? by : null,
  };
}

/**
 * Withdraws the agreement; true when it was given and is now taken back, false when there was
 * nothing to take back (a second press changes nothing). The caller has checked who is asking.
 */
export async function withdrawShowPermission(
  submissionId: string,
  by: { role: ShowWithdrawnBy; userId: string | null },
  now = new Date(),
): Promise<boolean> {
  const changed = await prisma.$transaction(async (tx) => {
    const { count } = await tx.submission.updateMany({
      where: { id: submissionId, showIfAwarded: true },
      data: {
        showIfAwarded: false,
        showWithdrawnAt: now,
        showWithdrawnBy: by.role,
        showWithdrawnByUserId: by.userId,
      },
    });
    if (count === 0) return false;
    await tx.contestAward.updateMany({ where: { submissionId }, data: { publicName: null } });
    return true;
  });
  if (changed) purgeVisitorPages();
  return changed;
}

/** What a parent's link names: the entry, whether it still may be shown; null for a dead link. */
export async function parentShowRequest(token: string, now = new Date()) {
  const row = await findToken(TOKEN_TYPES.showWithdraw, token, now);
  if (!row?.target) return null;
  const s = await prisma.submission.findFirst({
    where: { id: row.target, entrantId: row.userId },
    select: {
      title: true,
      showIfAwarded: true,
      contest: { select: { title: true } },
      entrant: { select: { displayName: true } },
    },
  });
  if (!s) return null;
  return {
    title: s.title,
    contestTitle: s.contest.title,
    childName: s.entrant.displayName,
    agreed: s.showIfAwarded,
  };
}

/** The parent's answer through the link: used once, then "may be shown" is taken back. */
export async function withdrawByParentLink(token: string, now = new Date()) {
  const row = await redeemToken(TOKEN_TYPES.showWithdraw, token, now);
  if (!row?.target) return false;
  const owned = await prisma.submission.count({
    where: { id: row.target, entrantId: row.userId },
  });
  if (!owned) return false;
  await withdrawShowPermission(row.target, { role: "parent", userId: null }, now);
  return true;
}
