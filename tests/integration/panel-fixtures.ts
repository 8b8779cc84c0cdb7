/**
 * The judging panel in integration tests (docs/decisions/0033-judging-panel.md): auto-assign and
 * the scheduled assign step draw only on a contest's accepted panel, so every test that assigns
 * seats one first.
 */
import { prisma } from "~/utils/db.server";

export type SeatOptions = {
  /** Most entries per judge (by judge id); absent: no limit. */
  capacity?: Record<string, number>;
  status?: "invited" | "accepted" | "declined";
  /** When they answered (panel order is by acceptance); default: now, one ms apart in order. */
  respondedAt?: Date;
};

/** Seats the judges on the contest's panel (accepted by default), in the order given; idempotent. */
export async function seatPanel(
  contestId: string,
  judgeIds: readonly string[],
  opts: SeatOptions = {},
) {
  const base = (opts.respondedAt ?? new Date()).getTime();
  const status = opts.status ?? "accepted";
  for (const [i, judgeId] of judgeIds.entries()) {
    const respondedAt = status === "invited" ? null : new Date(base + i);
    const capacity = opts.capacity?.[judgeId] ?? null;
    await prisma.panelMember.upsert({
      where: { contestId_judgeId: { contestId, judgeId } },
      create: { contestId, judgeId, status, capacity, respondedAt },
      update: { status, capacity, respondedAt },
    });
  }
}
