/**
 * Assignment control, the hand changes (docs/decisions/0033-judging-panel.md): remove one
 * assignment, swap its judge, add a judge to an entry (also "Add a judge" on a disputed entry's
 * scoring page), and give all of a dropped-out judge's
 * unscored entries to other panel judges. Each is one transaction. A judge put on an entry by hand
 * is always one `candidatesFor` offers (panel, conflicts and recusals, divisions, the round's pool,
 * capacity, never the writer, not already on it), so hand changes keep every rule auto-assign
 * keeps; a refusal says why in plain words.
 */
import { prisma, withBusyRetry, type Prisma } from "~/utils/db.server";
import { newId } from "~/utils/ids";
import { panelConstraints } from "~/features/panel/constraints.server";
import { resultsOut } from "~/features/contests/results-release";
import { publishedDatesSelect } from "~/features/contests/contest-snapshot";
import { entrySpread } from "~/features/judging/spread.server";
import { DomainError } from "~/utils/domain-error";
import { removal } from "./assignment-control";
import { AssignmentRefused, entryRound, roundWindows } from "./assignment-control.server";
import { insertAssignments } from "./insert.server";
import { addJudgeTo, candidatesFor } from "./replacement.server";

type Tx = Prisma.TransactionClient;

/** Writes take one transaction, retried while the database is busy (ADR 0028). */
const write = <T>(work: (tx: Tx) => Promise<T>) =>
  withBusyRetry(() => prisma.$transaction(work, { timeout: 60_000, maxWait: 10_000 }));

const GONE = "This assignment no longer exists. The list has been refreshed.";

/** Refuses a new judge on an entry once its round's judging has closed (they could not score). */
async function assertOpen(tx: Tx, contestId: string, round: number, now: Date) {
  const windows = await roundWindows(tx, contestId);
  if (!windows) throw new AssignmentRefused("Contest not found");
  if (windows.window(round).judgingClose.getTime() < now.getTime())
    throw new AssignmentRefused(
      "Judging has closed for this round, so no judge can be given this entry now.",
    );
}

/** Why `judgeId` may not take the entry (for a refused swap or add), in plain words. */
async function whyNot(
  tx: Tx,
  contestId: string,
  submissionId: string,
  round: number,
  judgeId: string,
): Promise<string> {
  const [user, entry, on] = await Promise.all([
    tx.user.findUnique({ where: { id: judgeId }, select: { displayName: true } }),
    tx.submission.findUnique({
      where: { id: submissionId },
      select: { entrantId: true, divisionId: true, pupil: { select: { userId: true } } },
    }),
    tx.judgeAssignment.findFirst({ where: { contestId, submissionId, judgeId } }),
  ]);
  const name = user?.displayName ?? "This judge";
  if (!entry) return GONE;
  if (on) return `${name} already has this entry.`;
  if (entry.entrantId === judgeId || entry.pupil?.userId === judgeId)
    return `${name} wrote this entry, so they can never judge it.`;
  const panel = await panelConstraints(contestId, [submissionId], tx);
  if (!panel.judgeIds.includes(judgeId))
    return `${name} is not an accepted judge on this contest's panel.`;
  const why = panel.barredWhy(judgeId, submissionId);
  if (why === "recusal") return `${name} stepped back from this entry.`;
  if (why === "conflict") return `${name} has a conflict of interest with this entry.`;
  const divisions = panel.judgeDivisions.get(judgeId);
  if (divisions?.size && (!entry.divisionId || !divisions.has(entry.divisionId)))
    return `${name} only judges other divisions.`;
  const cap = panel.capacity.get(judgeId);
  const load = await tx.judgeAssignment.count({
    where: { contestId, judgeId, submissionId: { not: null } },
  });
  if (cap !== undefined && load >= cap)
    return `${name} already has as many entries as they can take (${cap}).`;
  return `${name} is not judging this round.`;
}

/**
 * "Remove": an assignment without a submitted score is deleted with its draft; one with a
 * submitted score is released (releasedAt): the row and the score stay and count, the entry
 * leaves the judge's queue.
 */
export async function removeAssignment(contestId: string, assignmentId: string, now = new Date()) {
  return write(async (tx) => {
    const a = await tx.judgeAssignment.findFirst({
      where: { id: assignmentId, contestId, submissionId: { not: null } },
      select: {
        id: true,
        releasedAt: true,
        score: { select: { submittedAt: true } },
        judge: { select: { displayName: true } },
        submission: { select: { title: true } },
      },
    });
    if (!a) throw new AssignmentRefused(GONE);
    const what = { judge: a.judge.displayName, title: a.submission?.title ?? "" };
    switch (removal({ scored: Boolean(a.score?.submittedAt), releasedAt: a.releasedAt })) {
      case "already-released":
        throw new AssignmentRefused(
          `${what.judge} was already taken off "${what.title}"; their score still counts.`,
        );
      case "release":
        await tx.judgeAssignment.update({ where: { id: a.id }, data: { releasedAt: now } });
        return { ...what, kept: true };
      case "delete":
        await tx.judgeAssignment.delete({ where: { id: a.id } });
        return { ...what, kept: false };
    }
  });
}

/**
 * "Swap": the judge of an unscored assignment is replaced by `toJudgeId`, who must be one of the
 * entry's candidates (the leaving judge aside), in the same round.
 */
export async function swapAssignment(
  contestId: string,
  assignmentId: string,
  toJudgeId: string,
  now = new Date(),
) {
  return write(async (tx) => {
    const a = await tx.judgeAssignment.findFirst({
      where: { id: assignmentId, contestId, submissionId: { not: null } },
      select: {
        id: true,
        round: true,
        judgeId: true,
        submissionId: true,
        releasedAt: true,
        score: { select: { submittedAt: true } },
        judge: { select: { displayName: true } },
        submission: { select: { title: true } },
      },
    });
    if (!a?.submissionId) throw new AssignmentRefused(GONE);
    if (a.releasedAt) throw new AssignmentRefused(GONE);
    if (a.score?.submittedAt)
      throw new AssignmentRefused(
        `${a.judge.displayName} has already scored this entry. Remove the assignment (the score stays) and add a judge instead.`,
      );
    await assertOpen(tx, contestId, a.round, now);
    const candidates = await candidatesFor(tx, contestId, a.submissionId, a.round, [a.judgeId]);
    if (!candidates?.some((c) => c.judgeId === toJudgeId))
      throw new AssignmentRefused(
        await whyNot(tx, contestId, a.submissionId, a.round, toJudgeId),
        "judgeId",
      );
    await tx.judgeAssignment.delete({ where: { id: a.id } });
    const written = await insertAssignments(
      tx,
      [{ id: newId(), contestId, judgeId: toJudgeId, submissionId: a.submissionId }],
      now,
      a.round,
    );
    if (written !== 1) throw new AssignmentRefused(GONE);
    const to = await tx.user.findUnique({
      where: { id: toJudgeId },
      select: { displayName: true },
    });
    return { title: a.submission?.title ?? "", from: a.judge.displayName, to: to?.displayName };
  });
}

/**
 * "Add a judge": one more judge for the entry, in its round (`entryRound`; `fallbackRound` is the
 * contest's current one): the chosen candidate, or the least loaded one (`addJudgeTo`).
 */
export async function addJudge(
  contestId: string,
  submissionId: string,
  choice: { judgeId: string } | "least-loaded",
  fallbackRound: number,
  now = new Date(),
) {
  return write(async (tx) => {
    const entry = await tx.submission.findFirst({
      where: { id: submissionId, contestId, status: "submitted" },
      select: { id: true, title: true },
    });
    if (!entry) throw new AssignmentRefused("This entry is not in the contest, or not submitted.");
    const round = await entryRound(tx, contestId, entry.id, fallbackRound);
    await assertOpen(tx, contestId, round, now);
    let judgeId: string | null;
    if (choice === "least-loaded") {
      judgeId = await addJudgeTo(tx, contestId, entry.id, round, [], now);
      if (!judgeId)
        throw new AssignmentRefused(
          `No judge on the panel can take "${entry.title}": every accepted judge already has it, is full, judges other divisions, or has a conflict with it.`,
        );
    } else {
      judgeId = choice.judgeId;
      const candidates = await candidatesFor(tx, contestId, entry.id, round);
      if (!candidates?.some((c) => c.judgeId === judgeId))
        throw new AssignmentRefused(
          await whyNot(tx, contestId, entry.id, round, judgeId),
          "judgeId",
        );
      await insertAssignments(
        tx,
        [{ id: newId(), contestId, judgeId, submissionId: entry.id }],
        now,
        round,
      );
    }
    const user = await tx.user.findUnique({
      where: { id: judgeId },
      select: { displayName: true },
    });
    return { title: entry.title, judge: user?.displayName ?? "" };
  });
}

/**
 * "Reassign unscored entries" (the judge dropped out): each of the judge's unscored assignments in
 * the contest whose round is still open goes to another panel judge and is then removed, all in
 * one transaction. The new judge is always one `candidatesFor` offers at that moment, the least
 * loaded; among equally loaded ones, the one fewest of the remaining entries could go to (so a
 * judge many entries need is kept for them), which keeps loads within one where `addJudgeTo`'s
 * panel order alone would not. An entry no judge can take (or whose round has closed) stays with
 * this judge, listed by title: it is never left with fewer judges than it had, and a later run
 * (after the panel grows or a capacity is raised) moves it. Scored and released assignments stay.
 */
export async function reassignUnscored(contestId: string, judgeId: string, now = new Date()) {
  return write(async (tx) => {
    const windows = await roundWindows(tx, contestId);
    if (!windows) throw new AssignmentRefused("Contest not found");
    const rows = await tx.judgeAssignment.findMany({
      where: {
        contestId,
        judgeId,
        releasedAt: null,
        submission: { status: "submitted" },
        OR: [{ score: null }, { score: { submittedAt: null } }],
      },
      select: {
        id: true,
        round: true,
        submissionId: true,
        submission: { select: { title: true } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const open = rows.filter(
      (a) => a.submissionId && windows.window(a.round).judgingClose.getTime() >= now.getTime(),
    );
    // Who could take each entry at the start: how much each judge is still wanted.
    const wanted = new Map<string, Set<string>>();
    for (const a of open) {
      const list = await candidatesFor(tx, contestId, a.submissionId!, a.round, [judgeId]);
      for (const c of list ?? []) {
        const set = wanted.get(c.judgeId) ?? new Set<string>();
        set.add(a.id);
        wanted.set(c.judgeId, set);
      }
    }
    let moved = 0;
    const stuck = rows.filter((a) => !open.includes(a)).map((a) => a.submission?.title ?? "");
    for (const a of open) {
      for (const set of wanted.values()) set.delete(a.id);
      const list = (await candidatesFor(tx, contestId, a.submissionId!, a.round, [judgeId])) ?? [];
      const least = list.filter((c) => c.load === list[0]?.load);
      const pick = least.reduce<(typeof least)[number] | undefined>(
        (best, c) =>
          !best || (wanted.get(c.judgeId)?.size ?? 0) < (wanted.get(best.judgeId)?.size ?? 0)
            ? c
            : best,
        undefined,
      );
      const written = pick
        ? await insertAssignments(
            tx,
            [{ id: newId(), contestId, judgeId: pick.judgeId, submissionId: a.submissionId! }],
            now,
            a.round,
          )
        : 0;
      if (written !== 1) {
        stuck.push(a.submission?.title ?? "");
        continue;
      }
      await tx.judgeAssignment.delete({ where: { id: a.id } });
      moved++;
    }
    return { moved, stuck };
  });
}

class CannotAddJudge extends DomainError {}

/**
 * "Add a judge": one more panel judge for the entry in its latest round, in one transaction
 * (addJudgeTo keeps every constraint). Refused in plain words when nobody can take it, or once the
 * contest's results are out.
 */
export async function addJudgeToEntry(submissionId: string, now = new Date()) {
  const spread = await entrySpread(submissionId);
  if (!spread) throw new CannotAddJudge("This entry no longer exists.");
  if (!spread.counted)
    throw new CannotAddJudge("Only entries still in the contest can get another judge.");
  const contest = await prisma.contest.findUniqueOrThrow({
    where: { id: spread.contestId },
    select: publishedDatesSelect,
  });
  if (resultsOut(contest, now))
    throw new CannotAddJudge("The results are out, so no judge can be added now.");
  const judgeId = await withBusyRetry(() =>
    prisma.$transaction((tx) =>
      addJudgeTo(tx, spread.contestId, submissionId, spread.round, [], now),
    ),
  );
  if (judgeId) {
    const judge = await prisma.user.findUniqueOrThrow({
      where: { id: judgeId },
      select: { displayName: true },
    });
    return judge.displayName;
  }
  const accepted = await prisma.panelMember.count({
    where: { contestId: spread.contestId, status: "accepted" },
  });
  const onEntry = await prisma.judgeAssignment.count({ where: { submissionId } });
  throw new CannotAddJudge(
    accepted === 0
      ? "This contest has no judges on its panel yet. Invite judges to the panel first."
      : accepted <= onEntry
        ? "Every judge on the panel already reads this entry. Invite another judge to the panel first."
        : "No judge on the panel can take this entry: the others are full, judge other divisions or rounds, or have a conflict with it. Invite another judge, or raise a judge's limit.",
  );
}
