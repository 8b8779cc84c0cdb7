/**
 * Advancement after a round (docs/decisions/0032-divisions-and-rounds.md): the preview of who goes
 * on, per division, from the round's stage ranking, the rule and the admin's choices; the choices
 * themselves (with a note); and fixing it: Advancement rows for the next round, the round marked
 * advanced and the ranking version bumped, in one transaction. Fixing twice changes nothing.
 */
import { contestDivisions } from "~/features/divisions/divisions.server";
import { bumpRankingVersion } from "~/features/rank-version/ranking-version.server";
import { stageRanking } from "~/features/judging/ranking.server";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { decideAdvancement, type AdvanceDecision } from "./advancement";
import { contestRounds, type RoundPlan } from "./rounds.server";

export type PreviewEntry = AdvanceDecision & {
  title: string;
  rank: number | null;
  average: number | null;
  scored: number;
  assigned: number;
  note: string | null;
};
export type DivisionPreview = { id: string | null; name: string; entries: PreviewEntry[] };
export type AdvancePreview = {
  round: RoundPlan;
  next: RoundPlan;
  divisions: DivisionPreview[];
  /** Scores still to come in this round (assigned minus submitted). */
  missing: number;
  /** When advancement was fixed (then `divisions` shows what was fixed). */
  advancedAt: Date | null;
  timeZone: string;
};

async function roundPair(contestId: string, number: number) {
  const rounds = await contestRounds(contestId);
  const round = rounds.find((r) => r.number === number);
  const next = rounds.find((r) => r.number === number + 1);
  if (!round || !next || !round.advanceRule || round.advanceValue === null)
    throw new DomainError("Nobody goes on after this round: it is the last one.");
  return { round, next, rule: round.advanceRule, value: round.advanceValue };
}

/** Who goes on after round `number`, per division (the rule with the admin's choices). */
export async function advancePreview(contestId: string, number: number): Promise<AdvancePreview> {
  const { round, next, rule, value } = await roundPair(contestId, number);
  const [contest, divisions, choices, fixed] = await Promise.all([
    prisma.contest.findUniqueOrThrow({ where: { id: contestId }, select: { timeZone: true } }),
    contestDivisions(contestId),
    prisma.advanceChoice.findMany({
      where: { contestId, round: next.number },
      select: { submissionId: true, include: true, note: true },
    }),
    round.advancedAt
      ? prisma.advancement.findMany({
          where: { contestId, round: next.number },
          select: { submissionId: true, note: true },
        })
      : Promise.resolve(null),
  ]);
  const groups = divisions.length
    ? divisions.map((d) => ({ id: d.id as string | null, name: d.name }))
    : [{ id: null, name: "All entries" }];
  const noteOf = new Map(choices.map((c) => [c.submissionId, c.note]));
  const went = fixed && new Set(fixed.map((f) => f.submissionId));
  let missing = 0;
  const out: DivisionPreview[] = [];
  for (const g of groups) {
    const ranking = await stageRanking(contestId, { round: round.number, divisionId: g.id });
    const decided = decideAdvancement(ranking, rule, value, choices);
    out.push({
      ...g,
      entries: ranking.map((r, i) => {
        missing += Math.max(0, r.assigned - r.scored);
        const d = decided[i];
        return {
          ...d,
          goesOn: went ? went.has(r.id) : d.goesOn,
          title: r.title ?? "",
          rank: r.rank,
          average: r.average,
          scored: r.scored,
          assigned: r.assigned ?? 0,
          note: noteOf.get(r.id) ?? null,
        };
      }),
    });
  }
  return {
    round,
    next,
    divisions: out,
    missing,
    advancedAt: round.advancedAt,
    timeZone: contest.timeZone,
  };
}

/** The admin takes an entry in (include) or leaves it out, with a note; before it is fixed. */
export async function saveAdvanceChoice(input: {
  contestId: string;
  round: number;
  submissionId: string;
  include: boolean;
  note: string;
  byId: string;
}) {
  const { round, next } = await roundPair(input.contestId, input.round);
  if (round.advancedAt)
    throw new DomainError("Who goes on after this round is already fixed, so it cannot change.");
  if (!input.note.trim()) throw new DomainError("Give a note saying why.", "note");
  const entry = await prisma.submission.findFirst({
    where: {
      id: input.submissionId,
      contestId: input.contestId,
      status: "submitted",
      ...(round.number > 1 ? { advancements: { some: { round: round.number } } } : {}),
    },
    select: { id: true },
  });
  if (!entry) throw new DomainError("That entry is not in this round.");
  const key = { contestId: input.contestId, round: next.number, submissionId: entry.id };
  await prisma.advanceChoice.upsert({
    where: { contestId_round_submissionId: key },
    create: { ...key, include: input.include, note: input.note.trim(), byId: input.byId },
    update: { include: input.include, note: input.note.trim(), byId: input.byId },
  });
}

/** Takes back the admin's choice about an entry (the rule decides again). */
export async function clearAdvanceChoice(contestId: string, number: number, submissionId: string) {
  const { round, next } = await roundPair(contestId, number);
  if (round.advancedAt)
    throw new DomainError("Who goes on after this round is already fixed, so it cannot change.");
  await prisma.advanceChoice.deleteMany({ where: { contestId, round: next.number, submissionId } });
}

export type FixOutcome = { fixed: boolean; count: number };

/**
 * Fixes who goes on after round `number`: the rule with the admin's choices, written as Advancement
 * rows for the next round. `byId` is the admin (null: the lifecycle at the close). A round already
 * fixed changes nothing. Refused before the round opens.
 */
export async function fixAdvancement(
  contestId: string,
  number: number,
  now: Date,
  byId: string | null,
): Promise<FixOutcome> {
  const preview = await advancePreview(contestId, number);
  if (preview.advancedAt) return { fixed: false, count: 0 };
  if (now.getTime() < preview.round.judgingOpen.getTime())
    throw new DomainError(`${preview.round.name} has not opened yet, so nobody can go on.`);
  const going = preview.divisions.flatMap((d) => d.entries.filter((e) => e.goesOn));
  const roundId = preview.round.id!;
  return withBusyRetry(() =>
    prisma.$transaction(
      async (tx) => {
        // Claims the round: a second run in parallel finds it advanced and writes nothing.
        const { count } = await tx.judgingRound.updateMany({
          where: { id: roundId, advancedAt: null },
          data: { advancedAt: now, advancedById: byId },
        });
        if (count !== 1) return { fixed: false, count: 0 };
        if (going.length)
          await tx.advancement.createMany({
            data: going.map((e) => ({
              contestId,
              round: preview.next.number,
              submissionId: e.id,
              source: e.choice === "include" ? "admin" : "rule",
              note: e.choice === "include" ? e.note : null,
            })),
          });
        await bumpRankingVersion(tx, contestId);
        return { fixed: true, count: going.length };
      },
      { timeout: 60_000, maxWait: 10_000 },
    ),
  );
}
