/**
 * Reading the results (docs/decisions/0019-results.md): the public results page after results_at
 * (or an admin's preview before it), one entry's award, what an entrant reads about their own
 * entry, and the awards of several entries. Each reader freezes the awards first, so a missed
 * lifecycle step changes nothing for readers.
 */
import {
  resultsOut,
  resultsOutWhere,
  resultsReleaseSelect,
} from "~/features/contests/results-release";
import { parseCriteria, round2 } from "~/features/contests/rubric";
import {
  comparisonFeedbackFor,
  comparisonFeedbackOf,
  type ComparisonFeedback,
} from "~/features/comparison/scale.server";
import { averageScore, decidingRound, judgeLabels, parseScores } from "~/features/judging/scoring";
import { writerName, writerSelect } from "~/features/judging/writer";
import { prisma } from "~/utils/db.server";
import { awardLabel, compareAwards, withDivision, type Award } from "./awards";
import { contestForResults, currentAwards } from "./current-awards.server";
import { progressLabels } from "./entry-progress.server";
import { freezeAwards } from "./freeze.server";

/**
 * The awards with what the public may see: the title, and only where the writer agreed when
 * entering, the story and their name (as frozen at publication; null shows "Anonymous writer").
 */
async function awardsWithEntries(contest: {
  id: string;
  places: number;
  honourableMentions: number;
}) {
  const { awards } = await currentAwards(contest);
  const frozen = new Map(
    (
      await prisma.contestAward.findMany({
        where: { contestId: contest.id, nameFrozenAt: { not: null } },
        select: { submissionId: true, publicName: true },
      })
    ).map((a) => [a.submissionId, a.publicName]),
  );
  const entries = await prisma.submission.findMany({
    where: { id: { in: awards.map((a) => a.submissionId) }, status: "submitted" },
    select: {
      id: true,
      title: true,
      showIfAwarded: true,
      body: true,
      divisionId: true,
      ...writerSelect,
    },
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  return awards
    .filter((a) => byId.has(a.submissionId))
    .sort(compareAwards)
    .map((a) => {
      const e = byId.get(a.submissionId)!;
      return {
        submissionId: a.submissionId,
        kind: a.kind,
        place: a.place,
        divisionId: e.divisionId,
        title: e.title,
        // Before publication (an admin's preview) the name it would freeze now.
        writer: frozen.has(a.submissionId)
          ? (frozen.get(a.submissionId) ?? null)
          : e.showIfAwarded
            ? writerName(e)
            : null,
        text: e.showIfAwarded ? e.body : null,
      };
    });
}

/** The public results page: before results_at only when they will be published. */
export async function publicResults(
  slug: string,
  now = new Date(),
  opts: { preview?: boolean } = {},
) {
  const contest = await contestForResults({ slug });
  if (!contest) return null;
  if (!resultsOut(contest, now)) {
    // An admin's preview: the awards as they stand, nothing stored (the caller checks the role).
    const awards = opts.preview ? await awardsWithEntries(contest) : [];
    return {
      contest,
      published: false as const,
      awards,
      groups: await byDivision(contest, awards),
    };
  }
  await freezeAwards(contest, now);
  const awards = await awardsWithEntries(contest);
  return { contest, published: true as const, awards, groups: await byDivision(contest, awards) };
}

/**
 * The awards grouped by division, in division order (docs/decisions/0032-divisions-and-rounds.md);
 * entries left without a division last ("Other entries"). A contest without divisions: one group
 * named null (no heading).
 */
async function byDivision<T extends { divisionId: string | null }>(
  contest: { id: string },
  awards: T[],
): Promise<{ division: string | null; awards: T[] }[]> {
  const divisions = await prisma.division.findMany({
    where: { contestId: contest.id },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true },
  });
  if (divisions.length === 0) return [{ division: null, awards }];
  const groups = divisions.map((d) => ({
    division: d.name as string | null,
    awards: awards.filter((a) => a.divisionId === d.id),
  }));
  const known = new Set(divisions.map((d) => d.id));
  groups.push({
    division: "Other entries",
    awards: awards.filter((a) => !a.divisionId || !known.has(a.divisionId)),
  });
  return groups.filter((g) => g.awards.length > 0);
}

/** An entry's award once results are out (null before, or when it won nothing). */
export async function entryAward(submissionId: string, now = new Date()) {
  const entry = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      status: true,
      division: { select: { name: true } },
      contest: {
        select: { id: true, places: true, honourableMentions: true, ...resultsReleaseSelect },
      },
    },
  });
  if (!entry || entry.status !== "submitted" || !resultsOut(entry.contest, now)) return null;
  await freezeAwards(entry.contest, now);
  const { awards } = await currentAwards(entry.contest);
  const award = awards.find((a) => a.submissionId === submissionId);
  // The division it was won in, for "1st place, Grades 6-8" (docs/decisions/0032-divisions-and-rounds.md).
  return award ? { ...award, division: entry.division?.name ?? null } : null;
}

/**
 * The entries a user may read the results of: those they sent (the writer alone, or the educator
 * of a class entry) and those sent for them as a pupil of a class (ADR 0031).
 */
export const readerOf = (userId: string) => ({
  OR: [{ entrantId: userId }, { pupil: { userId } }],
});

/**
 * What an entrant reads about their own entry once results are out: the award, the average
 * with its scale, each criterion's average, and the judges' comments as "Judge 1", "Judge 2".
 * Null before results_at or for someone else's entry (a pupil reads the entries sent for them).
 * No judge identity is selected.
 */
export async function entryResults(userId: string, submissionId: string, now = new Date()) {
  const entry = await prisma.submission.findFirst({
    where: {
      id: submissionId,
      ...readerOf(userId),
      status: "submitted",
      contest: resultsOutWhere(now),
    },
    select: {
      scores: {
        where: { submittedAt: { not: null } },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        select: {
          scores: true,
          comment: true,
          total: true,
          rubric: { select: { criteria: true } },
          assignment: { select: { round: true } },
        },
      },
    },
  });
  if (!entry) return null;
  const [award, compared] = await Promise.all([
    entryAward(submissionId, now),
    comparisonFeedbackFor(submissionId),
  ]);
  // The average and the criteria are the round that decided the entry's place; every judge's
  // comment is kept, named by round when there were several (docs/decisions/0032). A comparison
  // round read later than any rubric round decided it: no average (a measure is not a score),
  // and the notes on its piece join the comments, never naming the judge (ADR 0056).
  const scored = entry.scores.map((s) => ({ ...s, round: s.assignment.round }));
  const feedback = withComparisonNotes(scored, compared);
  const deciding = feedback.comparedLast ? [] : decidingRound(scored);
  const labels = feedback.labels;
  const criteria = deciding.length ? parseCriteria(deciding[0].rubric.criteria) : [];
  const values = deciding.map((s) => parseScores(s.scores));
  const mean = averageScore;
  return {
    award: award
      ? {
          label: withDivision(awardLabel(award), award.division),
          kind: award.kind,
          place: award.place,
        }
      : null,
    progress: (await progressLabels([submissionId], now))[submissionId] ?? null,
    average: mean(deciding.map((s) => s.total)),
    outOf: round2(criteria.reduce((n, c) => n + c.maxPoints * c.weight, 0)),
    criteria: criteria.map((c) => ({
      label: c.label,
      outOf: c.maxPoints,
      average: mean(values.map((v) => Number(v[c.key] ?? 0))),
    })),
    comparedLast: feedback.comparedLast,
    comments: [
      ...entry.scores
        .map((s, i) => ({ judge: labels[i], comment: s.comment?.trim() || null }))
        .filter((c) => c.comment),
      ...feedback.notes,
    ],
  };
}

/**
 * An entry's rubric scores and comparison feedback as its writer (or their educator) reads them
 * (docs/decisions/0056-comparison-rounds.md): the judges' labels ("Judge 1"), the notes on its
 * piece ("Note 1"), both named by round when together they span several ("Round 2 · Note 1"),
 * and whether the last round it was read in was a comparison round (then it has no average: a
 * measure is not a score).
 */
export function withComparisonNotes(
  scored: readonly { round: number }[],
  compared: ComparisonFeedback | undefined,
) {
  const notes = compared?.notes ?? [];
  const lastCompared = compared?.rounds.at(-1) ?? 0;
  const comparedLast = lastCompared > Math.max(0, ...scored.map((s) => s.round));
  const several = new Set([...scored, ...notes].map((s) => s.round)).size > 1;
  const labels = judgeLabels([...scored, ...notes]).slice(0, scored.length);
  const seen = new Map<number, number>();
  return {
    labels,
    comparedLast,
    notes: notes.map((n) => {
      const k = (seen.get(n.round) ?? 0) + 1;
      seen.set(n.round, k);
      return { judge: several ? `Round ${n.round} · Note ${k}` : `Note ${k}`, comment: n.note };
    }),
  };
}

/** The comparison feedback of several entries, by entry id (the class results read it). */
export function comparisonFeedbackOfEntries(submissionIds: readonly string[]) {
  return comparisonFeedbackOf(submissionIds);
}

/**
 * The awards of several entries whose results are out, by entry id (the contests' awards frozen
 * first): one query for the contests, one for the awards. Unawarded entries are absent.
 */
export async function awardsOf(submissionIds: string[], now = new Date()) {
  const out = new Map<string, Pick<Award, "kind" | "place"> & { division: string | null }>();
  if (submissionIds.length === 0) return out;
  const contests = await prisma.contest.findMany({
    where: { ...resultsOutWhere(now), submissions: { some: { id: { in: submissionIds } } } },
    select: { id: true, places: true, honourableMentions: true },
  });
  for (const contest of contests) await freezeAwards(contest, now);
  const awards = await prisma.contestAward.findMany({
    where: {
      submissionId: { in: submissionIds },
      contestId: { in: contests.map((c) => c.id) },
      submission: { status: "submitted" },
    },
    select: {
      submissionId: true,
      kind: true,
      place: true,
      submission: { select: { division: { select: { name: true } } } },
    },
  });
  for (const a of awards) {
    out.set(a.submissionId, {
      kind: a.kind as Award["kind"],
      place: a.place,
      division: a.submission.division?.name ?? null,
    });
  }
  return out;
}

/** The award labels of several of an entrant's entries (results out), by entry id. */
export async function awardLabelsFor(submissionIds: string[], now = new Date()) {
  const awards = await awardsOf(submissionIds, now);
  return Object.fromEntries(
    [...awards].map(([id, a]) => [id, withDivision(awardLabel(a), a.division)]),
  ) as Record<string, string>;
}
