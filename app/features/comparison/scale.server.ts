/**
 * A comparison round's scale (docs/decisions/0056-comparison-rounds.md): the round's decided
 * choices fitted per division by the model (model.ts), as the ranking, advancement, awards and
 * CSV read a round: one row per entry with its rank within its division, its measure as the value
 * ranked on, and its standard error. Entries without a comparison are unranked (as unscored
 * entries of a rubric round).
 */
import { prisma } from "~/utils/db.server";
import { rankByMeasure } from "./advancement";
import { fitScale, type JudgeFit } from "./model";

export type ComparisonStageRow = {
  id: string;
  title: string;
  divisionId: string | null;
  /** Decided comparisons the entry took part in (in place of "assigned" and "scored"). */
  assigned: number;
  scored: number;
  used: number;
  /** The measure (logits, two decimals); null without a comparison. */
  average: number | null;
  raw: number | null;
  rank: number | null;
  se: number | null;
};

export type DivisionScale = {
  divisionId: string | null;
  reliability: number;
  judges: (JudgeFit & { name: string })[];
  comparisons: number;
};

const two = (n: number) => Math.round(n * 100) / 100;

/** The round of a contest by number, when it is a comparison round. */
export async function comparisonRound(contestId: string, number: number) {
  return prisma.judgingRound.findFirst({
    where: { contestId, number, method: "comparison" },
    select: { id: true, comparisonsPerEntry: true },
  });
}

async function fitRound(contestId: string, round: { id: string; number: number }) {
  const [entries, decided] = await Promise.all([
    prisma.submission.findMany({
      where: {
        contestId,
        status: "submitted",
        ...(round.number > 1 ? { advancements: { some: { round: round.number } } } : {}),
      },
      select: { id: true, title: true, divisionId: true, createdAt: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    prisma.comparison.findMany({
      where: { roundId: round.id, decidedAt: { not: null }, winnerId: { not: null } },
      select: { entryAId: true, entryBId: true, winnerId: true, judgeId: true },
    }),
  ]);
  const byDivision = new Map<string | null, typeof entries>();
  for (const e of entries)
    byDivision.set(e.divisionId, [...(byDivision.get(e.divisionId) ?? []), e]);
  const inDivision = new Map(entries.map((e) => [e.id, e.divisionId]));
  const choices = decided.map((c) => ({
    winnerId: c.winnerId!,
    loserId: c.winnerId === c.entryAId ? c.entryBId : c.entryAId,
    judgeId: c.judgeId,
  }));
  return [...byDivision].map(([divisionId, list]) => {
    const own = choices.filter(
      (c) => inDivision.get(c.winnerId) === divisionId && inDivision.get(c.loserId) === divisionId,
    );
    return {
      divisionId,
      entries: list,
      choices: own,
      scale: fitScale(
        list.map((e) => e.id),
        own,
      ),
    };
  });
}

/** Every entry of a comparison round, ranked by measure within its division. */
export async function comparisonStageRows(
  contestId: string,
  round: { id: string; number: number },
): Promise<ComparisonStageRow[]> {
  const fitted = await fitRound(contestId, round);
  const out: (ComparisonStageRow & { createdAt: Date })[] = [];
  for (const f of fitted) {
    const compared = {
      ...f.scale,
      measures: f.scale.measures.filter((m) => m.comparisons > 0),
    };
    const ranked = new Map(rankByMeasure(compared, {}).map((r) => [r.id, r]));
    const measures = new Map(f.scale.measures.map((m) => [m.id, m]));
    for (const e of f.entries) {
      const m = measures.get(e.id);
      const r = ranked.get(e.id);
      const n = m?.comparisons ?? 0;
      out.push({
        id: e.id,
        title: e.title,
        divisionId: e.divisionId,
        createdAt: e.createdAt,
        assigned: n,
        scored: n,
        used: n,
        average: r ? two(r.measure) : null,
        raw: r ? two(r.measure) : null,
        rank: r?.rank ?? null,
        se: r ? two(r.se) : null,
      });
    }
  }
  out.sort(
    (x, y) =>
      (x.average === null ? 1 : 0) - (y.average === null ? 1 : 0) ||
      (y.average ?? 0) - (x.average ?? 0) ||
      x.createdAt.getTime() - y.createdAt.getTime() ||
      x.id.localeCompare(y.id),
  );
  return out.map(({ createdAt: _c, ...row }) => row);
}

/**
 * What the admin reads beside a comparison round's ranking: each division's scale separation
 * reliability and each judge's fit (a misfit is a judge whose choices disagree with the scale).
 */
export async function comparisonScales(
  contestId: string,
  round: { id: string; number: number },
): Promise<DivisionScale[]> {
  const fitted = await fitRound(contestId, round);
  const judgeIds = [...new Set(fitted.flatMap((f) => f.scale.judges.map((j) => j.judgeId)))];
  const names = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: judgeIds } },
        select: { id: true, displayName: true },
      })
    ).map((u) => [u.id, u.displayName]),
  );
  return fitted.map((f) => ({
    divisionId: f.divisionId,
    reliability: f.scale.reliability,
    comparisons: f.choices.length,
    judges: f.scale.judges
      .map((j) => ({ ...j, name: names.get(j.judgeId) ?? "A judge" }))
      .sort((a, b) => b.infit - a.infit || a.name.localeCompare(b.name)),
  }));
}

export type ComparisonFeedback = { rounds: number[]; notes: { round: number; note: string }[] };

/**
 * What writers read of the comparison rounds their entries took part in, with results, by entry
 * id: the rounds in which each was compared, and the notes judges wrote on its piece (like rubric
 * comments), oldest first. Never the judge: no judge is selected. One statement for any number of
 * entries; an entry never compared is absent.
 */
export async function comparisonFeedbackOf(submissionIds: readonly string[]) {
  const out = new Map<string, ComparisonFeedback>();
  if (submissionIds.length === 0) return out;
  const ids = [...submissionIds];
  const rows = await prisma.comparison.findMany({
    where: {
      decidedAt: { not: null },
      winnerId: { not: null },
      OR: [{ entryAId: { in: ids } }, { entryBId: { in: ids } }],
    },
    select: {
      entryAId: true,
      entryBId: true,
      noteA: true,
      noteB: true,
      round: { select: { number: true } },
    },
    orderBy: [{ decidedAt: "asc" }, { id: "asc" }],
  });
  const wanted = new Set(ids);
  for (const r of rows)
    for (const [id, raw] of [
      [r.entryAId, r.noteA],
      [r.entryBId, r.noteB],
    ] as const) {
      if (!wanted.has(id)) continue;
      let f = out.get(id);
      if (!f) out.set(id, (f = { rounds: [], notes: [] }));
      if (!f.rounds.includes(r.round.number)) f.rounds.push(r.round.number);
      const note = raw?.trim();
      if (note) f.notes.push({ round: r.round.number, note });
    }
  for (const f of out.values()) f.rounds.sort((a, b) => a - b);
  return out;
}

/** One entry's comparison feedback (see comparisonFeedbackOf). */
export async function comparisonFeedbackFor(submissionId: string): Promise<ComparisonFeedback> {
  return (
    (await comparisonFeedbackOf([submissionId])).get(submissionId) ?? { rounds: [], notes: [] }
  );
}

/** The notes judges wrote on an entry's pieces in comparison rounds, oldest first. */
export async function comparisonNotesFor(submissionId: string) {
  return (await comparisonFeedbackFor(submissionId)).notes;
}

export type EntryComparisonRound = {
  number: number;
  name: string;
  /** Each decided comparison of the entry, oldest first: the judge, whether this piece was chosen, their note on it. */
  choices: {
    id: string;
    judge: { displayName: string; email: string };
    chosen: boolean;
    note: string | null;
    decidedAt: Date;
  }[];
};

/**
 * For the admin's view of one entry: its decided comparisons by round (lowest first), each with the
 * judge (the admin sees names), whether this piece was chosen and the judge's note on this piece.
 * Empty, in one statement, for an entry never compared.
 */
export async function entryComparisons(submissionId: string): Promise<EntryComparisonRound[]> {
  const rows = await prisma.comparison.findMany({
    where: {
      decidedAt: { not: null },
      winnerId: { not: null },
      OR: [{ entryAId: submissionId }, { entryBId: submissionId }],
    },
    select: {
      id: true,
      entryAId: true,
      winnerId: true,
      noteA: true,
      noteB: true,
      decidedAt: true,
      round: { select: { number: true, name: true } },
      judge: { select: { displayName: true, email: true } },
    },
    orderBy: [{ decidedAt: "asc" }, { id: "asc" }],
  });
  const rounds = new Map<number, EntryComparisonRound>();
  for (const r of rows) {
    let round = rounds.get(r.round.number);
    if (!round)
      rounds.set(
        r.round.number,
        (round = { number: r.round.number, name: r.round.name, choices: [] }),
      );
    const isA = r.entryAId === submissionId;
    round.choices.push({
      id: r.id,
      judge: r.judge,
      chosen: r.winnerId === submissionId,
      note: (isA ? r.noteA : r.noteB)?.trim() || null,
      decidedAt: r.decidedAt!,
    });
  }
  return [...rounds.values()].sort((a, b) => a.number - b.number);
}
