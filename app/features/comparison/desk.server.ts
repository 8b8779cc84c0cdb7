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
import { panelConstraints, recordRecusal } from "~/features/panel/constraints.server";
import {
  bumpRankingVersion,
  rankingVersion,
} from "~/features/rank-version/ranking-version.server";
import { isUniqueViolation, prisma, withBusyRetry, type Prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { refitDue, RESERVATION_MS } from "./desk";
import { fitMeasures, PRIOR_SD } from "./model";
import { choosePair, pairKey, type Candidate } from "./pairing";

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

/** An entry of the round as pairing reads it. */
type RoundEntry = { id: string; divisionId: string | null };

/** The measures pairing reads, fitted per division at `decided` decided choices. */
type PairingFit = {
  decided: number;
  measures: Map<string, { divisionId: string | null; measure: number; se: number }>;
};

/**
 * What a round's pairing rests on at one RankingVersion (every choice, entry status, division move
 * and advancement moves it on, ADR 0021): its entries, each entry's decided comparisons, and the
 * measures. The measures may come from an earlier version: they are refitted when `refitDue` says
 * so or the entries changed, warm-started from the previous fit (ADR 0056, "Speed of the desk").
 */
type RoundState = {
  version: number;
  entries: RoundEntry[];
  decided: Map<string, number>;
  fit: PairingFit;
};

/** Round states by round id, each at the RankingVersion it was read at (per process). */
const states = new Map<string, RoundState>();
const inFlight = new Map<string, Promise<RoundState>>();
const STATES_KEPT = 8;
let fits = 0;

/** How many times this process has fitted pairing measures (for the desk's budget test). */
export function pairingFitCount() {
  return fits;
}

/**
 * The round's state at the contest's current RankingVersion: kept per process and shared by
 * concurrent requests; a version read from the database is the key, so an instance never pairs
 * on entries or counts another instance has changed since.
 */
async function roundState(round: DeskRound): Promise<RoundState> {
  // Read the version first: what is read next is at least that new.
  const version = await rankingVersion(round.contestId);
  const kept = states.get(round.id);
  if (kept && kept.version === version) return kept;
  const key = `${round.id}@${version}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = readRoundState(round, version, kept?.fit)
      .then((state) => {
        const latest = states.get(round.id);
        if (!latest || latest.version <= version) {
          states.delete(round.id);
          if (states.size >= STATES_KEPT) states.delete(states.keys().next().value!);
          states.set(round.id, state);
        }
        return state;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function readRoundState(
  round: DeskRound,
  version: number,
  previous: PairingFit | undefined,
): Promise<RoundState> {
  const decidedWhere = { roundId: round.id, decidedAt: { not: null }, winnerId: { not: null } };
  const [entries, asA, asB] = await Promise.all([
    // Round 1: every submitted entry; later rounds: those advanced into it.
    prisma.submission.findMany({
      where: {
        contestId: round.contestId,
        status: "submitted",
        ...(round.number > 1 ? { advancements: { some: { round: round.number } } } : {}),
      },
      // Read from an index alone, never the rows with their story text (ADR 0021); in the
      // index's order (no sort: ordered by id, SQLite would read every row).
      select: { id: true, divisionId: true },
    }),
    prisma.comparison.groupBy({ by: ["entryAId"], where: decidedWhere, _count: { _all: true } }),
    prisma.comparison.groupBy({ by: ["entryBId"], where: decidedWhere, _count: { _all: true } }),
  ]);
  const decided = new Map<string, number>();
  let total = 0;
  for (const r of asA) {
    decided.set(r.entryAId, r._count._all);
    total += r._count._all;
  }
  for (const r of asB) decided.set(r.entryBId, (decided.get(r.entryBId) ?? 0) + r._count._all);
  const unchanged =
    previous &&
    previous.measures.size === entries.length &&
    entries.every((e) => previous.measures.get(e.id)?.divisionId === e.divisionId);
  const fit =
    unchanged && !refitDue(previous.decided, total)
      ? previous
      : await fitPairing(round.id, entries, previous);
  return { version, entries, decided, fit };
}

/**
 * The pairing measures: the round's decided choices fitted per division (a choice between two
 * divisions, after a division move, is left out), each division warm-started from `previous`.
 */
async function fitPairing(
  roundId: string,
  entries: RoundEntry[],
  previous: PairingFit | undefined,
): Promise<PairingFit> {
  fits++;
  const rows = await prisma.comparison.findMany({
    where: { roundId, decidedAt: { not: null }, winnerId: { not: null } },
    select: { entryAId: true, entryBId: true, winnerId: true },
  });
  const byDivision = new Map<string | null, string[]>();
  for (const e of entries) {
    const list = byDivision.get(e.divisionId);
    if (list) list.push(e.id);
    else byDivision.set(e.divisionId, [e.id]);
  }
  const place = new Map<string, { divisionId: string | null; index: number }>();
  for (const [divisionId, ids] of byDivision)
    ids.forEach((id, index) => place.set(id, { divisionId, index }));
  const pairs = new Map<string | null, [number, number][]>();
  for (const r of rows) {
    const winner = place.get(r.winnerId!);
    const loser = place.get(r.winnerId === r.entryAId ? r.entryBId : r.entryAId);
    if (!winner || !loser || winner.divisionId !== loser.divisionId || winner === loser) continue;
    const list = pairs.get(winner.divisionId);
    if (list) list.push([winner.index, loser.index]);
    else pairs.set(winner.divisionId, [[winner.index, loser.index]]);
  }
  const measures: PairingFit["measures"] = new Map();
  for (const [divisionId, ids] of byDivision) {
    const start = previous ? ids.map((id) => previous.measures.get(id)?.measure ?? 0) : undefined;
    const fit = fitMeasures(ids.length, pairs.get(divisionId) ?? [], start);
    ids.forEach((id, i) =>
      measures.set(id, {
        divisionId,
        measure: fit.theta[i],
        se: 1 / Math.sqrt(fit.information[i]),
      }),
    );
  }
  return { decided: rows.length, measures };
}

/**
 * The next pair for this judge: the round's state (kept per RankingVersion), then what changes
 * without a new version, read fresh: the pairs pending now, this judge's own pairs, their
 * conflicts, recusals and divisions, and the entries they wrote. A statement reads at
 * most the round's entries and per-entry counts; the decided choices only when the measures are
 * refitted.
 */
async function choose(judgeId: string, round: DeskRound, now: Date, random: () => number) {
  const state = await roundState(round);
  const { entries } = state;
  const [pending, mine, written, constraints] = await Promise.all([
    prisma.comparison.findMany({
      where: { roundId: round.id, decidedAt: null },
      select: { entryAId: true, entryBId: true, pairKey: true },
    }),
    prisma.comparison.findMany({
      where: { roundId: round.id, judgeId },
      select: { entryAId: true, entryBId: true, pairKey: true },
    }),
    // Entries this judge wrote (or, as a pupil with an account, was sent for).
    prisma.submission.findMany({
      where: {
        contestId: round.contestId,
        OR: [{ entrantId: judgeId }, { pupil: { userId: judgeId } }],
      },
      select: { id: true },
    }),
    panelConstraints(
      round.contestId,
      entries.map((e) => e.id),
    ),
  ]);
  const barred = constraints.barred.get(judgeId) ?? new Set<string>();
  const divisionsOnly = constraints.judgeDivisions.get(judgeId);
  const own = new Set(written.map((w) => w.id));
  const judged = new Set<string>();
  const seen = new Map<string, number>();
  for (const r of mine) {
    judged.add(r.pairKey);
    for (const id of [r.entryAId, r.entryBId]) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const reserved = new Set<string>();
  const held = new Map<string, number>();
  for (const r of pending) {
    reserved.add(r.pairKey);
    for (const id of [r.entryAId, r.entryBId]) held.set(id, (held.get(id) ?? 0) + 1);
  }
  // The scale is fitted on the whole division; the candidates are those this judge may see.
  const byDivision = new Map<string | null, Candidate[]>();
  for (const e of entries) {
    if (!byDivision.has(e.divisionId)) byDivision.set(e.divisionId, []);
    const allowed =
      !own.has(e.id) &&
      !barred.has(e.id) &&
      (!divisionsOnly?.size || (e.divisionId !== null && divisionsOnly.has(e.divisionId)));
    if (!allowed) continue;
    const m = state.fit.measures.get(e.id);
    byDivision.get(e.divisionId)!.push({
      id: e.id,
      measure: m?.measure ?? 0,
      se: m?.se ?? PRIOR_SD,
      // A pair held by another judge counts: it is about to be decided.
      comparisons: (state.decided.get(e.id) ?? 0) + (held.get(e.id) ?? 0),
    });
  }
  const options: { divisionId: string | null; short: number; candidates: Candidate[] }[] = [];
  for (const [divisionId, candidates] of byDivision) {
    if (candidates.length < 2) continue;
    const short = candidates.reduce(
      (s, c) => s + Math.max(0, round.comparisonsPerEntry - c.comparisons),
      0,
    );
    options.push({ divisionId, short, candidates });
  }
  options.sort((x, y) => y.short - x.short);
  for (const o of options) {
    const pair = choosePair({
      candidates: o.candidates,
      target: round.comparisonsPerEntry,
      judgedByThisJudge: judged,
      reserved,
      judgeSeenCounts: seen,
      random,
    });
    if (pair) return { ...pair, divisionId: o.divisionId };
  }
  void now;
  return null;
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
