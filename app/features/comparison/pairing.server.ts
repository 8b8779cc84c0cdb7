/**
 * Choosing a judge's next pair from the database (docs/decisions/0056-comparison-rounds.md,
 * "Pairing state per ranking version"): what the round's pairing rests on, kept per process at the
 * contest's RankingVersion with measures refitted once `refitDue` says so, and what is read fresh
 * for each judge. The desk (desk.server.ts) hands the chosen pair out.
 */
import { panelConstraints } from "~/features/panel/constraints.server";
import { rankingVersion } from "~/features/rank-version/ranking-version.server";
import { prisma } from "~/utils/db.server";
import { refitDue } from "./desk";
import { fitMeasures, PRIOR_SD } from "./model";
import { choosePair, type Candidate } from "./pairing";

/** The round as pairing reads it (a DeskRound). */
type PairingRound = { id: string; contestId: string; number: number; comparisonsPerEntry: number };

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
 * so or the entries changed, warm-started from the previous fit (ADR 0056, "Pairing state per
 * ranking version").
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
async function roundState(round: PairingRound): Promise<RoundState> {
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
  round: PairingRound,
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
export async function choose(
  judgeId: string,
  round: PairingRound,
  now: Date,
  random: () => number,
) {
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
