/**
 * The judge's comparison desk (docs/decisions/0056-comparison-rounds.md): which comparison round a
 * judge may work in, the next pair handed to them, and their choice.
 *
 * A pair handed out is a pending `Comparison` row whose `openKey` (the pair's key) and
 * `openJudgeId` are unique within the round: the database, not the algorithm, makes sure two judges
 * never hold the same pair at once and a judge holds one pair at a time, on both engines and under
 * any number of server instances. A pending row older than RESERVATION_MS is given back (deleted)
 * before the next pair is chosen. Deciding clears both keys in the same update.
 */
import { assignableJudge, type RecusalReason } from "~/features/panel/panel-rules";
import { recordRecusal } from "~/features/panel/constraints.server";
import { bumpRankingVersion } from "~/features/rank-version/ranking-version.server";
import { isUniqueViolation, prisma, withBusyRetry, type Prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { RESERVATION_MS } from "./desk";
import { pairKey } from "./pairing";
import { choose } from "./pairing.server";

type Db = Prisma.TransactionClient | typeof prisma;

export type DeskRound = {
  id: string;
  contestId: string;
  number: number;
  name: string;
  comparisonsPerEntry: number;
  judgingOpen: Date;
  judgingClose: Date;
  open: boolean;
};

const roundSelect = {
  id: true,
  contestId: true,
  number: true,
  name: true,
  comparisonsPerEntry: true,
  judgingOpen: true,
  judgingClose: true,
  judges: { select: { judgeId: true } },
} as const;

const isOpen = (r: { judgingOpen: Date; judgingClose: Date }, now: Date) =>
  r.judgingOpen.getTime() <= now.getTime() && now.getTime() < r.judgingClose.getTime();

/**
 * The comparison round of a contest this judge works in now: an accepted, assignable panel judge
 * (in the round's pool when it has one). The round open now, else the next to open, else the last
 * to close. Null when the contest has no comparison round for this judge (→ 404).
 */
export async function deskRound(
  judgeId: string,
  contestId: string,
  now = new Date(),
  db: Db = prisma,
): Promise<DeskRound | null> {
  const member = await db.panelMember.findFirst({
    where: { contestId, judgeId, status: "accepted", judge: assignableJudge },
    select: {
      contest: {
        select: {
          rounds: {
            where: { method: "comparison" },
            orderBy: { number: "asc" },
            select: roundSelect,
          },
        },
      },
    },
  });
  const rounds = (member?.contest.rounds ?? []).filter(
    (r) => r.judges.length === 0 || r.judges.some((j) => j.judgeId === judgeId),
  );
  const chosen =
    rounds.find((r) => isOpen(r, now)) ??
    rounds.find((r) => r.judgingOpen.getTime() > now.getTime()) ??
    rounds[rounds.length - 1];
  if (!chosen) return null;
  const { judges: _pool, ...round } = chosen;
  return { ...round, open: isOpen(round, now) };
}

export type HeldPair = {
  id: string;
  entryAId: string;
  entryBId: string;
  handedOutAt: Date;
};

/** Gives back every pending pair of the round held longer than the reservation allows. */
async function releaseExpired(db: Db, roundId: string, now: Date) {
  await db.comparison.deleteMany({
    where: {
      roundId,
      decidedAt: null,
      handedOutAt: { lt: new Date(now.getTime() - RESERVATION_MS) },
    },
  });
}

/**
 * The pair this judge holds in the round, or a new one chosen by `choosePair` among the entries
 * the judge may see (their own entries, conflicts and recusals left out; their divisions only), one
 * division at a time, the division furthest from its target first. Null when no pair is left for
 * this judge. Refused when the round is not open.
 */
export async function nextPair(
  judgeId: string,
  round: DeskRound,
  now = new Date(),
  random: () => number = Math.random,
): Promise<HeldPair | null> {
  if (!isOpen(round, now)) throw new DomainError("Judging is closed for this round.");
  for (let attempt = 0; attempt < 4; attempt++) {
    await releaseExpired(prisma, round.id, now);
    const held = await prisma.comparison.findFirst({
      where: { roundId: round.id, openJudgeId: judgeId },
      select: { id: true, entryAId: true, entryBId: true, handedOutAt: true },
    });
    if (held) return held;
    const chosen = await choose(judgeId, round, now, random);
    if (!chosen) return null;
    try {
      return await prisma.comparison.create({
        data: {
          contestId: round.contestId,
          roundId: round.id,
          divisionId: chosen.divisionId,
          judgeId,
          entryAId: chosen.a,
          entryBId: chosen.b,
          pairKey: pairKey(chosen.a, chosen.b),
          openKey: pairKey(chosen.a, chosen.b),
          openJudgeId: judgeId,
          handedOutAt: now,
        },
        select: { id: true, entryAId: true, entryBId: true, handedOutAt: true },
      });
    } catch (error) {
      // Another judge took this pair a moment ago, or this judge's other tab took a pair: read
      // again and choose again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new DomainError("The site is busy, please try again.");
}

export type ChoiceInput = {
  comparisonId: string;
  winner: "A" | "B";
  noteA?: string;
  noteB?: string;
};

/**
 * Records a judge's choice, at the moment of the write: the pair must be theirs and the round open
 * now. A second post of the same pair (a double click, a reload) changes nothing and is not an
 * error. Returns "saved", "already" or throws a DomainError with the judge's message; null when the
 * pair is not this judge's (→ 404).
 */
export async function decide(
  judgeId: string,
  input: ChoiceInput,
  now = new Date(),
): Promise<"saved" | "already" | "gone" | null> {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const row = await tx.comparison.findUnique({
        where: { id: input.comparisonId },
        select: {
          judgeId: true,
          contestId: true,
          entryAId: true,
          entryBId: true,
          decidedAt: true,
          round: { select: { judgingOpen: true, judgingClose: true, method: true } },
        },
      });
      if (!row || row.judgeId !== judgeId) return null;
      if (row.decidedAt) return "already";
      if (row.round.method !== "comparison" || !isOpen(row.round, now))
        throw new DomainError("Judging is closed for this round.");
      const done = await tx.comparison.updateMany({
        where: { id: input.comparisonId, judgeId, decidedAt: null },
        data: {
          winnerId: input.winner === "A" ? row.entryAId : row.entryBId,
          noteA: input.noteA ?? null,
          noteB: input.noteB ?? null,
          decidedAt: now,
          openKey: null,
          openJudgeId: null,
        },
      });
      if (done.count === 0) return "already";
      // The round's ranking is cached per RankingVersion (ADR 0021): a choice changes it.
      await bumpRankingVersion(tx, row.contestId);
      return "saved";
    }),
  );
}

/**
 * A judge steps back from one piece of the pair they hold (they know the writer, a conflict):
 * at the moment of the write the pair must be theirs and pending and the round open. In one
 * transaction the contest's Recusal row for that entry is written (the same row the review page's
 * step back writes: `panelConstraints` bars the entry from this judge's pairs from then on, in
 * every round) and the pending pair is given back (deleted), so the other piece returns to the
 * pool. Choices the judge already made stand, as a submitted score does. Null when the pair is
 * not this judge's pending pair (→ 404).
 */
export async function stepBack(
  judgeId: string,
  input: { comparisonId: string; piece: "A" | "B"; reason: RecusalReason },
  now = new Date(),
): Promise<{ entryId: string } | null> {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const row = await tx.comparison.findUnique({
        where: { id: input.comparisonId },
        select: {
          judgeId: true,
          contestId: true,
          entryAId: true,
          entryBId: true,
          decidedAt: true,
          round: { select: { number: true, judgingOpen: true, judgingClose: true } },
        },
      });
      if (!row || row.judgeId !== judgeId || row.decidedAt) return null;
      if (!isOpen(row.round, now)) throw new DomainError("Judging is closed for this round.");
      const entryId = input.piece === "A" ? row.entryAId : row.entryBId;
      const gone = await tx.comparison.deleteMany({
        where: { id: input.comparisonId, judgeId, decidedAt: null },
      });
      if (gone.count === 0) return null;
      await recordRecusal(tx, {
        contestId: row.contestId,
        judgeId,
        submissionId: entryId,
        round: row.round.number,
        reason: input.reason,
      });
      return { entryId };
    }),
  );
}

/** The judge's progress in the round: pairs they decided. */
export async function decidedCount(judgeId: string, roundId: string) {
  return prisma.comparison.count({ where: { roundId, judgeId, decidedAt: { not: null } } });
}

/** The pair's two entries as the desk reads them (text through the reading desk's rules). */
export async function pairEntries(ids: [string, string]) {
  const rows = await prisma.submission.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      title: true,
      wordCount: true,
      body: true,
      filePath: true,
      mentionsEntrant: true,
      document: { select: { text: true, status: true } },
    },
  });
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
